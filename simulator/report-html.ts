// Report HTML that looks like a real vehicle history report (sections, tables, inline styles,
// images) and, on purpose, carries hostile parts: every demo and test exercises the sandbox.
// The hostile parts aim at the simulator's /__sim/beacon so tests can count anything that runs or loads.

export interface ReportHtmlInput {
  provider: 'providerA' | 'providerB';
  id: string;
  vin: string;
  yearMakeModel: string;
  records: number;
  createdAt: string;
  /** Origin of the simulator, for the tracking parts (they must be observable by tests). */
  origin: string;
  /** Pads the service history to roughly this many bytes (large-report tests). */
  padToBytes?: number;
}

/** A tiny deterministic generator so a VIN always gets the same history. */
function rng(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const EVENTS = [
  'Registration renewed',
  'Oil and filter changed',
  'Emissions inspection passed',
  'Tires rotated',
  'Title issued',
  'Brake pads replaced',
  'Vehicle serviced',
  'Listed for sale',
  'Odometer reading reported',
];
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderReportHtml(input: ReportHtmlInput): string {
  const random = rng(`${input.provider}:${input.vin}`);
  const beacon = (what: string) =>
    `${input.origin}/__sim/beacon?what=${what}&amp;report=${input.provider}-${input.id}`;
  const brand = input.provider === 'providerA' ? 'AutoLedger' : 'CarChronicle';
  const accent = input.provider === 'providerA' ? '#0b5cad' : '#8a2b06';
  const year = Number(input.yearMakeModel.slice(0, 4)) || 2010;
  const rows: string[] = [];
  let miles = 0;
  for (let i = 0; i < input.records; i++) {
    miles += Math.round(4000 + random() * 11000);
    const date = `${Math.min(2026, year + Math.floor((i * (2026 - year)) / Math.max(1, input.records)))}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const event = EVENTS[Math.floor(random() * EVENTS.length)];
    rows.push(
      `<tr><td style="padding:4px 8px">${date}</td><td style="padding:4px 8px">${miles.toLocaleString('en-US')}</td><td style="padding:4px 8px">${event}</td></tr>`,
    );
  }
  const accidents = input.records === 0 ? 0 : Math.floor(random() * 3);
  const owners = input.records === 0 ? 0 : 1 + Math.floor(random() * 4);
  const history =
    input.records === 0
      ? '<p style="font-size:15px"><strong>No records were found for this VIN.</strong></p>'
      : `<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr style="background:#eef2f7"><th style="text-align:left;padding:4px 8px">Date</th><th style="text-align:left;padding:4px 8px">Odometer (mi)</th><th style="text-align:left;padding:4px 8px">Event</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  let html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${brand} report ${esc(input.vin)}</title>
<meta http-equiv="refresh" content="3;url=${beacon('meta-refresh')}">
<base href="${input.origin}/__sim/beacon/">
<style>body{font-family:Georgia,serif;color:#1d2733;margin:24px} h2{color:${accent};border-bottom:2px solid ${accent}} .flag{background:url('${beacon('css-url')}')}</style>
<script>window.__vhrReportScriptRan = true; fetch('${beacon('script-fetch')}');</script>
</head>
<body onload="document.title='pwned'">
<header style="display:flex;align-items:center;gap:12px;border-bottom:3px solid ${accent};padding-bottom:8px">
  <img alt="${brand} logo" width="40" height="40" src="data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Ccircle cx='20' cy='20' r='18' fill='%23${accent.slice(1)}'/%3E%3C/svg%3E">
  <div><h1 style="margin:0;font-size:22px">${brand} Vehicle History Report</h1>
  <div style="color:#5b6776">Report #${esc(input.id)} &middot; generated ${esc(input.createdAt.slice(0, 10))}</div></div>
</header>
<section><h2>Vehicle</h2>
<table style="font-size:15px"><tr><th style="text-align:left;padding-right:16px">VIN</th><td>${esc(input.vin)}</td></tr>
<tr><th style="text-align:left;padding-right:16px">Vehicle</th><td>${esc(input.yearMakeModel)}</td></tr>
<tr><th style="text-align:left;padding-right:16px">Records</th><td>${input.records}</td></tr></table></section>
<section><h2>Summary</h2><ul>
<li>Owners: <strong>${owners}</strong></li>
<li>Accidents reported: <strong>${accidents}</strong></li>
<li>Title brands: <strong>${accidents > 1 ? 'Salvage (reported)' : 'None reported'}</strong></li>
</ul></section>
<section><h2>History</h2>${history}</section>
<section><h2>Photos</h2><img src="${beacon('remote-image')}" alt="Vehicle photo (remote)" width="320" height="180" style="background:#ddd"></section>
<img src="x-missing.png" onerror="window.__vhrReportScriptRan = true; new Image().src='${beacon('onerror')}'" alt="">
<p><a href="javascript:window.__vhrReportScriptRan=true">Verify this report</a> &middot; <a href="https://example.com/help" target="_self">Help</a></p>
<form action="${beacon('form')}" method="get"><input name="email" placeholder="Email me updates"><button>Subscribe</button></form>
<iframe src="${beacon('iframe')}" width="1" height="1" style="border:0"></iframe>
<footer style="margin-top:24px;color:#5b6776;font-size:12px">${brand} data is provided as is. &copy; 2026</footer>
</body></html>`;
  if (input.padToBytes && html.length < input.padToBytes) {
    const filler: string[] = [];
    let size = html.length;
    for (let i = 0; size < input.padToBytes; i++) {
      const row = `<tr><td>Archived entry ${i}</td><td>${Math.round(random() * 200000)}</td><td>${EVENTS[i % EVENTS.length]}</td></tr>`;
      filler.push(row);
      size += row.length;
    }
    html = html.replace(
      '</body>',
      `<section><h2>Archive</h2><table>${filler.join('')}</table></section></body>`,
    );
  }
  return html;
}

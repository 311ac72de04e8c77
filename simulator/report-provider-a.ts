// providerA's report ("AutoLedger"), shaped like the larger US history provider's HTML reports:
// - an overview of one row per topic, each with an inline SVG icon (own viewBox and path data; the
//   real reports carry 110-122 of them) and a sentence ("2 Previous owners", "No accidents reported");
// - the ownership table with one column per owner and the rows real reports print ("Year purchased",
//   "Type of owner", "Estimated length of ownership", "Owned in the following states/provinces",
//   "Estimated miles driven per year", "Last reported odometer reading": as quoted by public report
//   parsers, e.g. a PDF parser's comments and a report-rendering template in public repositories);
// - title history and damage sections with check and alert icons from an SVG sprite (<symbol>s used by
//   <use href="#…">);
// - the detailed history, "Date · Mileage · Source · Comments", grouped by owner under header rows that
//   span every column (colspan);
// - its look from a stylesheet and web font on the provider's CDN (inline here only what the first
//   screen needs), its data as JSON in an inline state script, a tracking pixel in <noscript>.
// Written for this project from those descriptions; no provider's markup or text is copied.

import type { VehicleHistory } from './report-history';
import type { ReportHtmlInput } from './report-html';
import { iconSprite, inlineIcon, spriteIcon } from './report-icons';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const miles = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const ordinal = (n: number) => `Owner ${n}`;
const duration = (months: number) =>
  months >= 12 ? `${Math.floor(months / 12)} yrs. ${months % 12} mo.` : plural(months, 'month');

export const NO_RECORDS =
  '<p style="font-size:15px"><strong>No records were found for this VIN.</strong></p>';

const BLUE = '#1f5fa8';
const GREEN = '#2e7d32';
const RED = '#c62828';

export interface HostileParts {
  /** Head elements that try to navigate, load or run: the viewer keeps none of them. */
  head: string;
  /** Attributes of <body> that try to run. */
  bodyAttributes: string;
  /** Body content that tries to run, submit, load or frame. */
  body: string;
  /** The vehicle photo, a remote image ("Load remote images" lets it through). */
  photo: string;
}

export function providerAReport(
  input: ReportHtmlInput,
  history: VehicleHistory,
  hostile: HostileParts,
  cdn: string,
): string {
  const ok = (yes: boolean) => spriteIcon('al', yes ? 'check' : 'alert', 18, yes ? 'al-ok' : 'al-bad');
  const state = {
    vin: input.vin,
    reportId: input.id,
    yearMakeModel: input.yearMakeModel,
    owners: history.owners,
    accidents: history.accidents,
    titleBrands: history.titleBrands,
    odometerProblem: history.odometerProblem,
    openRecalls: history.openRecalls,
    serviceRecords: history.serviceRecords,
    lastOdometer: history.lastOdometer,
    events: history.events,
  };
  const owners = history.owners;
  const overview: Array<[Parameters<typeof inlineIcon>[0], string, boolean]> = [
    [
      'accident',
      history.accidents.length === 0
        ? 'No accidents or damage reported'
        : `${plural(history.accidents.length, 'accident')} reported`,
      history.accidents.length === 0,
    ],
    ['owner', `${plural(owners.length, 'Previous owner')}`, true],
    [
      'title',
      history.titleBrands.length === 0
        ? 'No title problems reported'
        : `${history.titleBrands.join(', ')} title reported`,
      history.titleBrands.length === 0,
    ],
    [
      'odometer',
      history.lastOdometer
        ? `${miles(history.lastOdometer.reading)} last reported odometer reading`
        : 'No odometer readings reported',
      !history.odometerProblem,
    ],
    [
      'use',
      `${owners[0]?.type === 'Personal' ? 'Personal vehicle' : `${owners[0]?.type ?? 'Personal'} vehicle`}`,
      true,
    ],
    ['service', `${plural(history.serviceRecords, 'Service history record')}`, true],
    [
      'recall',
      history.openRecalls.length === 0
        ? 'No open recalls reported'
        : `${plural(history.openRecalls.length, 'Open recall')} reported`,
      history.openRecalls.length === 0,
    ],
  ];
  const ownerCols = owners
    .map((_, i) => `<th scope="col">${spriteIcon('al', 'owner', 16)} ${ordinal(i + 1)}</th>`)
    .join('');
  const ownerRow = (label: string, cell: (o: (typeof owners)[number]) => string) =>
    `<tr><th scope="row">${label}</th>${owners.map((o) => `<td>${cell(o)}</td>`).join('')}</tr>`;
  const brands = ['Damage', 'Salvage | Junk | Rebuilt', 'Fire | Flood | Hail', 'Lemon', 'Odometer problem'];
  const brandBad = (brand: string) =>
    brand === 'Odometer problem'
      ? history.odometerProblem
      : history.titleBrands.some((b) => brand.includes(b));
  const titleRows = brands
    .map(
      (brand) =>
        `<tr><th scope="row">${brand}</th>${owners.map(() => `<td class="al-center">${ok(!brandBad(brand))}</td>`).join('')}</tr>`,
    )
    .join('');
  const damage =
    history.accidents.length === 0
      ? `<p class="al-clean">${ok(true)} No accidents or damage reported to AutoLedger.</p>`
      : history.accidents
          .map(
            (a) => `<div class="al-damage">
  <svg width="120" height="64" viewBox="0 0 120 64" role="img" aria-label="Impact: ${a.impact}"><rect x="10" y="14" width="100" height="36" rx="10" fill="#e8eef6" stroke="${BLUE}" stroke-width="2"/><circle cx="30" cy="52" r="8" fill="#39424e"/><circle cx="90" cy="52" r="8" fill="#39424e"/><circle cx="${a.impact === 'front' ? 106 : a.impact === 'rear' ? 14 : 60}" cy="${a.impact === 'left side' ? 18 : 32}" r="9" fill="${RED}" opacity=".8"/></svg>
  <div><strong>${esc(a.date)}</strong> · ${miles(a.mileage)} mi<br>Damage to ${a.impact} · ${a.severity} damage · ${a.airbags ? 'Airbags deployed' : 'Airbags did not deploy'}</div>
</div>`,
          )
          .join('');
  const historyRows = owners
    .map((o, i) => {
      const events = history.events.filter((e) => e.owner === i);
      const header = `<tr class="al-owner-row"><th colspan="4" scope="colgroup">${spriteIcon('al', 'owner', 18)} ${ordinal(i + 1)} · Purchased ${o.yearPurchased} · ${o.type} · ${esc(o.state)} · ${miles(o.milesPerYear)} mi/yr</th></tr>`;
      const rows = events
        .map(
          (e) =>
            `<tr${e.kind === 'accident' ? ' class="al-alert-row"' : ''}><td>${esc(e.date)}</td><td class="al-num">${e.mileage === null ? '' : miles(e.mileage)}</td><td>${esc(e.source)}</td><td>${e.comments.map((c) => `<div>${esc(c)}</div>`).join('')}</td></tr>`,
        )
        .join('');
      return header + (rows || '<tr><td colspan="4" class="al-muted">No records for this owner</td></tr>');
    })
    .join('');
  const sections = `<h2 class="al-h" id="overview">History overview</h2>
<table class="al-overview"><tbody>
${overview.map(([icon, text, good]) => `<tr><td class="al-i">${inlineIcon(icon, good ? BLUE : RED)}</td><td class="al-flag${good ? '' : ' al-bad-text'}">${text}</td></tr>`).join('\n')}
</tbody></table>
<h2 class="al-h" id="ownership">Ownership history</h2>
<p class="al-muted">The number of owners is estimated.</p>
<table class="al-grid"><thead><tr><th scope="col"></th>${ownerCols}</tr></thead><tbody>
${ownerRow('Year purchased', (o) => String(o.yearPurchased))}
${ownerRow('Type of owner', (o) => o.type)}
${ownerRow('Estimated length of ownership', (o) => duration(o.months))}
${ownerRow('Owned in the following states/provinces', (o) => esc(o.state))}
${ownerRow('Estimated miles driven per year', (o) => `${miles(o.milesPerYear)}/yr`)}
${ownerRow('Last reported odometer reading', (o) => miles(o.lastOdometer))}
</tbody></table>
<h2 class="al-h" id="title-history">Title history</h2>
<table class="al-grid"><thead><tr><th scope="col">Brand</th>${ownerCols}</tr></thead><tbody>${titleRows}</tbody></table>
<h2 class="al-h" id="damage">Accident / damage history</h2>
${damage}
${history.openRecalls.length ? `<h2 class="al-h" id="recalls">Open recalls</h2><ul>${history.openRecalls.map((r) => `<li>${spriteIcon('al', 'recall', 16, 'al-bad')} ${esc(r)}</li>`).join('')}</ul>` : ''}
<h2 class="al-h" id="detailed">Detailed history</h2>
<table class="al-grid al-history"><thead><tr><th scope="col">Date</th><th scope="col">Mileage</th><th scope="col">Source</th><th scope="col">Comments</th></tr></thead>
<tbody>${historyRows}</tbody></table>
`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>AutoLedger Vehicle History Report ${esc(input.vin)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${hostile.head}
<link rel="stylesheet" href="${cdn}/autoledger/report.css">
<link rel="preload" href="${cdn}/autoledger/fonts/ledger-sans.woff2" as="font" type="font/woff2" crossorigin>
<style>
@font-face{font-family:"Ledger Sans";src:url("${cdn}/autoledger/fonts/ledger-sans.woff2") format("woff2");font-display:swap}
body{font-family:"Ledger Sans",Helvetica,Arial,sans-serif;color:#1d2733;margin:0;background:#fff;font-size:14px;line-height:1.45}
.al-page{max-width:960px;margin:0 auto;padding:16px 20px 32px}
.al-header{display:flex;align-items:center;gap:12px;border-bottom:3px solid ${BLUE};padding-bottom:10px}
.al-header h1{margin:0;font-size:22px;color:${BLUE}}
.al-sub{color:#5b6776;font-size:13px}
.al-vehicle{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;background:#f3f6fa;border:1px solid #d7dee8;border-radius:6px;padding:10px 14px;margin:14px 0}
.al-vehicle h2{margin:0;font-size:19px}
h2.al-h{font-size:17px;color:${BLUE};border-bottom:2px solid ${BLUE};padding-bottom:4px;margin:22px 0 10px}
.al-overview{width:100%;border-collapse:collapse}
.al-overview td{padding:6px 8px;border-bottom:1px solid #e4e9f0;vertical-align:middle}
.al-overview td.al-i{width:36px}
.al-overview .al-flag{font-weight:600}
.al-bad-text{color:${RED}}
table.al-grid{width:100%;border-collapse:collapse;font-size:13px}
table.al-grid th,table.al-grid td{border:1px solid #d7dee8;padding:5px 8px;text-align:left;vertical-align:top}
table.al-grid thead th{background:#eaf0f7}
table.al-grid tbody th{background:#f7f9fc;font-weight:600;width:34%}
.al-center{text-align:center!important}
.al-ok{fill:${GREEN}}.al-bad{fill:${RED}}
.al-icon{vertical-align:middle}
.al-owner-row th{background:${BLUE}!important;color:#fff;fill:#fff}
.al-alert-row td{background:#fdecea}
.al-num{text-align:right;white-space:nowrap}
.al-muted{color:#5b6776}
.al-damage{display:flex;gap:12px;align-items:center;border:1px solid #f3c2bd;background:#fff7f6;border-radius:6px;padding:8px;margin:6px 0}
.al-clean{display:flex;gap:6px;align-items:center}
.al-footer{margin-top:28px;color:#5b6776;font-size:12px;border-top:1px solid #d7dee8;padding-top:8px}
.al-photo{background:#ddd}
</style>
<script>window.__AUTOLEDGER_STATE__ = ${JSON.stringify(state).replace(/</g, '\\u003c')};</script>
<script src="${cdn}/autoledger/report.js" defer></script>
</head>
<body ${hostile.bodyAttributes}>
${iconSprite('al')}
<noscript><img height="1" width="1" style="display:none" alt="" src="${cdn}/pixel.gif?r=${esc(input.id)}"></noscript>
<div class="al-page">
<header class="al-header">
  <img alt="AutoLedger logo" width="40" height="40" src="data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Ccircle cx='20' cy='20' r='18' fill='%231f5fa8'/%3E%3Cpath d='M12 27l8-15 8 15z' fill='%23fff'/%3E%3C/svg%3E">
  <div><h1>AutoLedger Vehicle History Report</h1>
  <div class="al-sub">Report #${esc(input.id)} · generated ${esc(input.createdAt.slice(0, 10))}</div></div>
  <img class="al-seal" src="${cdn}/autoledger/img/seal.svg" alt="AutoLedger Buyback Guarantee" width="64" height="64">
</header>
<section class="al-vehicle" aria-label="Vehicle">
  <div><h2>${esc(input.yearMakeModel)}</h2><div>VIN: <strong>${esc(input.vin)}</strong></div></div>
  <div class="al-sub">${plural(input.records, 'record')} · ${history.lastOdometer ? `${miles(history.lastOdometer.reading)} mi on ${esc(history.lastOdometer.date)}` : 'no odometer reading'}</div>
</section>
${input.records === 0 ? NO_RECORDS : sections}
<h2 class="al-h">Photos</h2>${hostile.photo}
${hostile.body}
<footer class="al-footer">AutoLedger data is provided as is, as reported to AutoLedger by its sources. &copy; 2026</footer>
</div>
</body></html>`;
}

// providerB's report ("CarChronicle"), shaped like the other large US history provider's HTML reports,
// which are built on Bootstrap: a container of .row/.col-* grids; a score with the range of similar
// vehicles drawn as an inline SVG bar; a three-box summary (#three-box-summary, .box-title-owners);
// an "at a glance" section of cards with their verdict in a footer (#at-glance .section-data,
// .card-footer-text-adjustment); accident and damage records in a .table-striped table; owners as
// cards with a blue header (.owner-card-header-blue) inside .history-web-no-print, their events as
// div-tables (display:table rows and cells, no <table>). The ids and classes are those a dealer's
// public script reads out of the real reports (it scrapes the odometer check, the owners box, the
// owners' dates and the accident table from them); the layout is written for this project and no
// provider's markup or text is copied. Its look comes from Bootstrap and a stylesheet and web font
// on the provider's CDN (only what the first screen needs is inline).

import type { VehicleHistory } from './report-history';
import type { ReportHtmlInput } from './report-html';
import { type HostileParts, NO_RECORDS } from './report-provider-a';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const miles = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const NAVY = '#14365d';
const ORANGE = '#c2410c';
const GREEN = '#2e7d32';

function check(good: boolean): string {
  return good
    ? `<svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="${GREEN}"/><path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`
    : `<svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true"><polygon points="10,1 19,18 1,18" fill="${ORANGE}"/><rect x="9" y="6.5" width="2" height="6" fill="#fff"/><rect x="9" y="14" width="2" height="2" fill="#fff"/></svg>`;
}

export function providerBReport(
  input: ReportHtmlInput,
  history: VehicleHistory,
  hostile: HostileParts,
  cdn: string,
): string {
  const [low, high] = history.scoreRange;
  const x = (score: number) => 10 + score * 2.8;
  const scoreBar = `<svg width="300" height="44" viewBox="0 0 300 44" role="img" aria-label="Score ${history.score}, similar vehicles ${low} to ${high}">
<defs><linearGradient id="cc-scale" x1="0" x2="1"><stop offset="0" stop-color="#d9534f"/><stop offset=".5" stop-color="#f0ad4e"/><stop offset="1" stop-color="#5cb85c"/></linearGradient></defs>
<rect x="10" y="14" width="280" height="10" rx="5" fill="url(#cc-scale)"/>
<rect x="${x(low)}" y="10" width="${x(high) - x(low)}" height="18" rx="3" fill="none" stroke="${NAVY}" stroke-width="2"/>
<polygon points="${x(history.score) - 6},40 ${x(history.score) + 6},40 ${x(history.score)},30" fill="${NAVY}"/></svg>`;
  const glance: Array<[string, string, boolean]> = [
    [
      'Title brand check',
      history.titleBrands.length ? history.titleBrands.join(', ') : 'No Problem',
      history.titleBrands.length === 0,
    ],
    [
      'Accident check',
      history.accidents.length ? plural(history.accidents.length, 'Record') : 'No Problem',
      history.accidents.length === 0,
    ],
    ['Use', `${history.owners[0]?.type ?? 'Personal'} use`, true],
    [
      'Open recall check',
      history.openRecalls.length ? plural(history.openRecalls.length, 'Open recall') : 'None reported',
      history.openRecalls.length === 0,
    ],
    ['Service records', plural(history.serviceRecords, 'record'), true],
    ['Odometer check', history.odometerProblem ? 'Problem reported' : 'No Issue', !history.odometerProblem],
  ];
  const accidents = history.accidents.length
    ? history.accidents
        .map(
          (a) =>
            `<tr><td>${esc(a.date)}</td><td>${esc(history.owners[a.owner]?.state ?? '')}</td><td class="text-right">${miles(a.mileage)}</td><td>Accident reported: ${a.severity} damage, ${a.impact} impact${a.airbags ? ', airbag deployment' : ''}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="4" class="text-center">No accident or damage records found</td></tr>';
  const owners = history.owners
    .map((o, i) => {
      const events = history.events
        .filter((e) => e.owner === i)
        .map(
          (e) =>
            `<div class="dt-row${e.kind === 'accident' ? ' dt-alert' : ''}"><div class="dt-cell">${esc(e.date)}</div><div class="dt-cell text-right">${e.mileage === null ? '&nbsp;' : miles(e.mileage)}</div><div class="dt-cell">${esc(e.source)}</div><div class="dt-cell">${esc(e.comments.join(' · '))}</div></div>`,
        )
        .join('');
      return `<div class="owner-card">
  <div class="owner-card-header-blue"><div class="d-flex"><div>Owner ${i + 1} · ${o.type}</div><div class="ml-auto">Purchased: <span>${o.yearPurchased}</span> · ${esc(o.state)}</div></div></div>
  <div class="dt"><div class="dt-row dt-head"><div class="dt-cell">Date</div><div class="dt-cell">Odometer</div><div class="dt-cell">Source</div><div class="dt-cell">Event</div></div>${events}</div>
</div>`;
    })
    .join('');
  const sections = `<div id="score" class="section"><h3>CarChronicle score</h3>
<img class="cc-badge" src="${cdn}/carchronicle/img/score-badge.png" alt="CarChronicle score badge" width="96" height="40"><div class="cc-score"><div class="cc-score-row"><div class="cc-score-cell cc-score-number">${history.score}</div><div class="cc-score-cell">${scoreBar}</div><div class="cc-score-cell">Similar vehicles score <strong>${low}-${high}</strong></div></div></div></div>
<div id="three-box-summary" class="row section">
  <div class="col-4"><div class="box"><div class="box-title-owners">${plural(history.owners.length, 'Owner')}</div><div>reported</div></div></div>
  <div class="col-4"><div class="box"><div class="box-title">${history.accidents.length}</div><div>${history.accidents.length === 1 ? 'accident record' : 'accident records'}</div></div></div>
  <div class="col-4"><div class="box"><div class="box-title">${history.lastOdometer ? miles(history.lastOdometer.reading) : '—'}</div><div>last reported odometer${history.lastOdometer ? ` (${esc(history.lastOdometer.date)})` : ''}</div></div></div>
</div>
<div id="at-glance" class="section"><h3>At a glance</h3><div class="section-data row">
${glance.map(([label, verdict, good]) => `<div class="col-4"><div class="card"><div class="card-body">${label}</div><div class="card-footer">${check(good)}<span class="card-footer-text-adjustment"><span>${esc(verdict)}</span></span></div></div></div>`).join('\n')}
</div></div>
<div id="accident" class="section"><h3>Accident / damage records</h3>
<table class="table table-striped"><thead><tr><th>Date</th><th>Location</th><th class="text-right">Odometer</th><th>Description</th></tr></thead><tbody>${accidents}</tbody></table></div>
<div class="section"><h3>Title and problem checks</h3>
<table class="table table-striped"><tbody>
<tr><th colspan="2">Title brands reported</th></tr>
<tr><td>${check(history.titleBrands.length === 0)} Salvage, junk, rebuilt, flood, fire, lemon</td><td>${history.titleBrands.length ? esc(history.titleBrands.join(', ')) : 'None reported'}</td></tr>
<tr><td>${check(!history.odometerProblem)} Odometer rollback or not actual mileage</td><td>${history.odometerProblem ? 'Problem reported' : 'None reported'}</td></tr>
<tr><td>${check(history.openRecalls.length === 0)} Open manufacturer recalls</td><td>${history.openRecalls.length ? esc(history.openRecalls.join('; ')) : 'None reported'}</td></tr>
</tbody></table></div>
<div class="section"><h3>Ownership and history</h3><div class="history-web-no-print">${owners}</div></div>
`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>CarChronicle Vehicle History Report ${esc(input.vin)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
${hostile.head}
<link rel="stylesheet" href="${cdn}/carchronicle/bootstrap.min.css">
<link rel="stylesheet" href="${cdn}/carchronicle/report.css">
<link rel="stylesheet" href="${cdn}/fonts/css?family=Chronicle+Sans:400,700">
<style>
body{font-family:"Chronicle Sans","Helvetica Neue",Arial,sans-serif;color:#212529;margin:0;font-size:14px;line-height:1.5;background:#fff}
.container{max-width:940px;margin:0 auto;padding:0 15px}
.row{display:flex;flex-wrap:wrap;margin:0 -8px}
.col-4{flex:0 0 33.333%;max-width:33.333%;padding:0 8px;box-sizing:border-box}
.col-6{flex:0 0 50%;max-width:50%;padding:0 8px;box-sizing:border-box}
.d-flex{display:flex;gap:8px;align-items:center}.ml-auto{margin-left:auto}
.text-right{text-align:right!important}.text-center{text-align:center!important}
.cc-header{background:${NAVY};color:#fff;padding:14px 15px;margin:0 -15px 14px}
.cc-header h1{font-size:21px;margin:0}
.cc-header .cc-sub{opacity:.85;font-size:13px}
.cc-ymm{font-size:19px;margin:0 0 2px}
.section{margin:18px 0}
.section h3{font-size:16px;color:${NAVY};text-transform:uppercase;letter-spacing:.04em;border-bottom:2px solid ${NAVY};padding-bottom:4px;margin:0 0 10px}
.box{border:1px solid #ced4da;border-radius:4px;padding:10px;text-align:center;height:100%;box-sizing:border-box}
.box-title-owners,.box-title{font-size:20px;font-weight:700;color:${NAVY}}
.cc-score{display:table;width:100%;border:1px solid #ced4da;border-radius:4px}
.cc-score-row{display:table-row}
.cc-score-cell{display:table-cell;padding:8px 12px;vertical-align:middle}
.cc-score-number{font-size:34px;font-weight:700;color:${NAVY}}
.card{border:1px solid #ced4da;border-radius:4px;margin-bottom:12px;display:flex;flex-direction:column;height:calc(100% - 12px);box-sizing:border-box}
.card-body{padding:8px 10px;font-weight:600}
.card-footer{border-top:1px solid #e9ecef;background:#f8f9fa;padding:6px 10px;display:flex;gap:6px;align-items:center;margin-top:auto}
.table{width:100%;border-collapse:collapse;margin-bottom:12px}
.table th,.table td{padding:6px 8px;border-top:1px solid #dee2e6;text-align:left;vertical-align:top}
.table thead th{border-bottom:2px solid #dee2e6;background:#eef2f7}
.table-striped tbody tr:nth-of-type(odd){background:rgba(0,0,0,.04)}
.owner-card{border:1px solid #ced4da;border-radius:4px;margin:0 0 14px}
.owner-card-header-blue{background:#2f6db5;color:#fff;padding:6px 10px;font-weight:600}
.dt{display:table;width:100%;border-collapse:collapse;font-size:13px}
.dt-row{display:table-row}
.dt-row:nth-child(even){background:#f6f8fa}
.dt-cell{display:table-cell;padding:5px 10px;border-top:1px solid #e9ecef}
.dt-head .dt-cell{font-weight:700;background:#eef2f7}
.dt-alert{background:#fff4e5!important}
.cc-footer{margin:24px 0;color:#6c757d;font-size:12px}
</style>
</head>
<body ${hostile.bodyAttributes}>
<noscript><img height="1" width="1" style="display:none" alt="" src="${cdn}/collect?r=${esc(input.id)}"></noscript>
<div class="container">
<div class="cc-header d-flex">
  <img alt="CarChronicle logo" width="36" height="36" src="data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 36 36'%3E%3Crect width='36' height='36' rx='6' fill='%23fff'/%3E%3Cpath d='M9 24V12h6a6 6 0 0 1 0 12z' fill='%2314365d'/%3E%3C/svg%3E">
  <div><h1>CarChronicle Vehicle History Report</h1><div class="cc-sub">Report #${esc(input.id)} · run ${esc(input.createdAt.slice(0, 10))}</div></div>
</div>
<div class="row"><div class="col-6"><h2 class="cc-ymm">${esc(input.yearMakeModel)}</h2><div>VIN: ${esc(input.vin)}</div></div>
<div class="col-6 text-right">${plural(input.records, 'record')} found</div></div>
${input.records === 0 ? NO_RECORDS : sections}
<div class="section"><h3>Photos</h3>${hostile.photo}</div>
${hostile.body}
<div class="cc-footer">CarChronicle reports are based on information supplied to CarChronicle and available as of the report date. &copy; 2026</div>
</div>
</body></html>`;
}

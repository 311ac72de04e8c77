// providerA's report ("AutoLedger"), in the real layout of the larger US provider's reports
// (docs/report-evidence.md §2; test/fixtures/reports/variants/ holds hand-written models of each
// variant): a server-rendered page, body#body-element > header#top-bar + main#vehicle-history-report,
// the History-Based Value, in A1 ("dealer delivery") a summary with the overview's rows and their
// screen-reader copies, the additional / title / ownership tables, the owner blocks of the detailed
// history, a glossary; its data as JSON in `window.__INITIAL__DATA__ = {…}` (no `;`). A2 ("reseller
// re-serve") drops the summary from the HTML (the state keeps it), has the new HBV design, CRLF line
// ends and an appended style and img-rewrite script. The look comes from the provider's CDN (a
// stylesheet with an @import, a web font, images); only the first screen's rules are inline.
// Written for this project from that description; no provider's markup or text is copied.

import type { VehicleHistory } from './report-history';
import type { ReportHtmlInput } from './report-html';
import {
  additionalHistory,
  cfxIcon,
  detailedHistory,
  ownershipHistory,
  titleHistory,
} from './report-provider-a-tables';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const miles = (n: number) => n.toLocaleString('en-US');
const BRAND = 'AutoLedger';

export const NO_RECORDS =
  '<p class="no-records" style="font-size:15px"><strong>No records were found for this VIN.</strong></p>';

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

interface OverviewRow {
  name: string;
  icon: string;
  /** HTML: the number in <strong>, as the real rows have it. */
  html: string;
  target: string;
}

function overviewRows(history: VehicleHistory): OverviewRow[] {
  const owners = history.owners;
  const types = [...new Set(owners.map((o) => o.type))];
  const rows: OverviewRow[] = [
    history.accidents.length
      ? {
          name: 'accident',
          icon: 'alertDiamondColor',
          html: 'Accident reported',
          target: 'additional-history-section',
        }
      : {
          name: 'noAccident',
          icon: 'checkmarkSquareColor',
          html: `No accidents or damage reported to ${BRAND}`,
          target: 'additional-history-section',
        },
    {
      name: 'service',
      icon: 'toolsColor',
      html: `<strong>${history.serviceRecords}</strong> Service history records`,
      target: 'detailed-history-section',
    },
    {
      name: 'ownershipCount',
      icon: 'threePeopleColor',
      html: `<strong>${owners.length}</strong> Previous owner${owners.length === 1 ? '' : 's'}`,
      target: 'ownership-history-section',
    },
    types.length === 1
      ? {
          name: 'ownershipType',
          icon: types[0] === 'Personal' ? 'houseColor' : 'carColor',
          html: `${esc(types[0] ?? 'Personal')} vehicle`,
          target: 'ownership-history-section',
        }
      : {
          name: 'ownershipType',
          icon: 'carColor',
          html: `Types of owners: ${types.map(esc).join(', ')}`,
          target: 'ownership-history-section',
        },
    {
      name: 'stateRegistered',
      icon: 'earthColor',
      html: `Last owned in <strong>${esc(owners.at(-1)?.state ?? '')}</strong>`,
      target: 'ownership-history-section',
    },
  ];
  if (history.lastOdometer)
    rows.push({
      name: 'lastOdoReported',
      icon: 'odometer',
      html: `<strong>${miles(history.lastOdometer.reading)}</strong> Last reported odometer reading`,
      target: 'detailed-history-section',
    });
  return rows;
}

/** The state script: what the real one carries of the overview (§2.2), en/es pairs, no `;`. */
function stateScript(input: ReportHtmlInput, history: VehicleHistory, variant: 'A1' | 'A2'): string {
  const rows = overviewRows(history).map((r) => ({
    name: r.name,
    icon: r.icon,
    text: r.html,
    translatedText: { en: r.html, es: r.html },
    linkUrl: '#DetailSection',
    headerSeverityScale: { displayed: r.name === 'accident' },
    displayed: true,
  }));
  const state = {
    displayed: true,
    vhr: {
      headerSection: { historyOverview: { displayed: true, rows } },
      useOldHBVDesign: variant === 'A1',
      dataLayerComponent: {
        dataLayer: {
          vehicle_accident: history.accidents.length ? 'Y' : 'N',
          vehicle_record_number: String(input.records),
        },
      },
      omnitureConsumerComponent: { numberOfAccidents: 0, displayed: false },
    },
    language: 'en',
    permutationName: variant === 'A1' ? 'vhr-dealer-en-us' : 'vhr-consumer-en-us',
    reportTimeStamp: input.createdAt,
    level: 'FULL',
  };
  const json =
    variant === 'A2'
      ? JSON.stringify(state, null, 0).replace(/":/g, '": ').replace(/,"/g, ', "')
      : JSON.stringify(state);
  return `<script type="application/javascript">window.__INITIAL__DATA__ = ${json.replace(/</g, '\\u003c')}</script>`;
}

function summary(input: ReportHtmlInput, history: VehicleHistory, photo: string): string {
  const rows = overviewRows(history)
    .map(
      (r) =>
        `<a class="history-overview-row" aria-hidden="true" href="#${r.target}"><div class="history-overview-icon-cell">${cfxIcon(r.icon, 24)}</div><div class="history-overview-text-cell"><span>${r.html}</span></div></a>
<a class="visually-hidden" href="#${r.target}">${r.html.replace(/<\/?strong>/g, '')}</a>`,
    )
    .join('\n');
  return `<div id="summary-section">
<div id="vehicle-information-panel"><h2 class="vehicle-information-title">${esc(input.yearMakeModel.toUpperCase())}</h2>
<div class="vehicle-information-row"><span class="vehicle-information-label">VIN:</span> <span>${esc(input.vin)}</span></div>${photo}</div>
<div id="history-overview">${rows}</div></div>`;
}

function valueSection(variant: 'A1' | 'A2', history: VehicleHistory): string {
  const up = (text: string, isUp: boolean) =>
    variant === 'A1'
      ? `<div class="arrows-container-arrow"><img alt="" width="12" height="12" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'%3E%3Cpath d='${isUp ? 'M6 1l5 9H1z' : 'M6 11L1 2h10z'}' fill='${isUp ? '%232e7d32' : '%23c62828'}'/%3E%3C/svg%3E"><p>${text}</p></div>`
      : `<div class="arrows-container-arrow">${cfxIcon(isUp ? 'arrowUp' : 'arrowDown', 12, isUp ? 'hbv-up-arrow' : 'hbv-down-arrow')}<p>${text}</p></div>`;
  const arrows = [
    up(history.accidents.length ? 'Accident Reported' : 'No Accidents Reported', !history.accidents.length),
    up('Service History', true),
    up(
      history.owners.every((o) => o.type === 'Personal') ? 'Personal Vehicle' : 'Non-Personal Vehicle',
      history.owners.every((o) => o.type === 'Personal'),
    ),
    ...(history.owners.length > 1 ? [up('Multiple Owners', false)] : []),
  ];
  return `<section class="history-based-value${variant === 'A2' ? ' new-hbv-section' : ''}"><h2 class="hbv-title">History-Based Value</h2><div class="arrows-container">${arrows.join('')}</div></section>`;
}

export function providerAReport(
  input: ReportHtmlInput,
  history: VehicleHistory,
  hostile: HostileParts,
  cdn: string,
  variant: 'A1' | 'A2',
): string {
  const sections =
    input.records === 0
      ? `${NO_RECORDS}<div id="detailed-history-section"></div>`
      : `${additionalHistory(history, BRAND)}
${titleHistory(history, BRAND)}
${ownershipHistory(history)}
${detailedHistory(history, input.vin)}
<section id="glossary-section"><dl id="glossary"><dt id="RECALL">Manufacturer Recall / Service Campaign</dt><dd>An open recall should be repaired by an authorized dealer.</dd><dt id="SALVAGE">Salvage Title</dt><dd>Issued on a vehicle damaged beyond a threshold of its value.</dd></dl></section>`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title data-react-helmet="true">${BRAND} Vehicle History Report for this ${esc(input.yearMakeModel.toUpperCase())}: ${esc(input.vin)}</title>
<meta data-react-helmet="true" name="timeStamp" content="${esc(input.createdAt)}">
${hostile.head}
<link data-react-helmet="true" rel="stylesheet" href="${cdn}/autoledger/report.css">
<link rel="preload" href="${cdn}/autoledger/fonts/ledger-sans.woff2" as="font" type="font/woff2" crossorigin>
<style>
@font-face{font-family:"Ledger Sans";src:url("${cdn}/autoledger/fonts/ledger-sans.woff2") format("woff2");font-display:swap}
body{font-family:"Ledger Sans",Helvetica,Arial,sans-serif;color:#1d2733;margin:0;background:#fff;font-size:14px;line-height:1.45}
#top-bar{display:flex;align-items:center;gap:12px;border-bottom:3px solid #1f5fa8;padding:10px 20px}
#top-bar h1{margin:0;font-size:21px;color:#1f5fa8}
#vehicle-history-report{display:block;max-width:960px;margin:0 auto;padding:12px 20px 32px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.cfx-icon{vertical-align:middle;fill:#1f5fa8}
.cfx-icon__checkmarkSquareColor{fill:#2e7d32}.cfx-icon__alertDiamondColor{fill:#c62828}
#history-overview{display:grid;grid-template-columns:repeat(2,1fr);gap:6px 16px;margin:10px 0}
.history-overview-row{display:flex;gap:8px;align-items:center;color:inherit;text-decoration:none;font-weight:600}
.common-section-table{width:100%;border-collapse:collapse;margin:16px 0;font-size:13px}
.common-section-table th,.common-section-table td{border:1px solid #d7dee8;padding:6px 8px;text-align:left;vertical-align:top}
.section-header-cell{background:#eaf0f7}.section-header-title-text{font-size:16px;color:#1f5fa8;font-weight:700}
.section-header-subtitle-text{display:block;font-weight:400;color:#5b6776;font-size:12px}
.common-section-row-heading div{font-weight:400;color:#5b6776;font-size:12px}
.common-section-cell-alert{color:#c62828;font-weight:700}
.owner-tab{display:flex;justify-content:space-between;background:#1f5fa8;color:#fff;padding:6px 10px;margin-top:14px}
.owner-tab .cfx-icon{fill:#fff}.ownership-label{margin:0;font-size:15px}
.detailed-history-records{width:100%;border-collapse:collapse;font-size:13px}
.detailed-history-records td,.detailed-history-records th{border-bottom:1px solid #e4e9f0;padding:5px 8px;text-align:left;vertical-align:top}
.narrow-record-odometer-reading,.narrow-record-icon{display:none}
.record-comments ul{margin:0;padding-left:16px}
.al-seal{margin-left:auto}
.arrows-container{display:flex;flex-wrap:wrap;gap:6px 18px}.arrows-container-arrow{display:flex;align-items:center;gap:5px}.arrows-container-arrow p{margin:0}
.hbv-title{font-size:17px;margin:4px 0}
</style>
${input.records === 0 ? '' : stateScript(input, history, variant)}
<script src="${cdn}/autoledger/report.js" defer></script>
</head>
<body id="body-element" ${hostile.bodyAttributes}>
<noscript><img height="1" width="1" style="display:none" alt="" src="${cdn}/pixel.gif?r=${esc(input.id)}"></noscript>
<header id="top-bar"><img class="al-logo" alt="${BRAND} logo" width="40" height="40" src="data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Ccircle cx='20' cy='20' r='18' fill='%231f5fa8'/%3E%3Cpath d='M12 27l8-15 8 15z' fill='%23fff'/%3E%3C/svg%3E"><h1>${BRAND} Vehicle History Report</h1><span class="report-id">Report #${esc(input.id)} · ${esc(input.createdAt.slice(0, 10))}</span>
<img class="al-seal" src="${cdn}/autoledger/img/seal.svg" alt="${BRAND} Buyback Guarantee" width="64" height="64"></header>
<div id="top-barsection"><div class="vhr-tabs">
<main id="vehicle-history-report" class="printable-component${variant === 'A1' ? ' old-hbv-design' : ''}" role="main">
${input.records === 0 ? '' : valueSection(variant, history)}
${variant === 'A1' && input.records > 0 ? summary(input, history, hostile.photo) : `<section class="vehicle-photo"><h2>${esc(input.yearMakeModel)} · VIN ${esc(input.vin)}</h2>${hostile.photo}</section>`}
<p class="lead-in">${BRAND} Report as of ${esc(input.createdAt.slice(0, 10))}. Other information about this vehicle, including problems, may not have been reported to ${BRAND}.</p>
${sections}
${hostile.body}
<footer class="footer-territory"><p id="vehicle-history-report-copyright">${BRAND} data is provided as is, as reported to ${BRAND} by its sources. &copy; 2026</p></footer>
</main></div></div>
${variant === 'A2' ? '<style>.ownership-history-section-container{display:block !important}</style>\n<script>setTimeout(function(){document.querySelectorAll("img").forEach(function(i){i.src=i.src})},100)</script>' : ''}
</body></html>`;
  return variant === 'A2' ? html.replace(/\n/g, '\r\n') : html;
}

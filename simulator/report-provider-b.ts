// providerB's report ("CarChronicle"), in the real layout of the other large US provider's reports
// (docs/report-evidence.md §3): a saved members page built on Bootstrap by a server template, no state
// script, everything in the DOM. The shared shell (the X-Report-Status comment opening the body,
// body#fastLinkFullReport, the Print button, #freeLinkReport, #full-report, the terms in the footer)
// around one of two generations: B21 (report-provider-b21.ts) or B24 (report-provider-b24.ts). Its
// look comes from Bootstrap, a stylesheet and a font service on the provider's CDN; its icons are
// images there. Written for this project from that description; no provider's markup or text copied.

import type { VehicleHistory } from './report-history';
import type { ReportHtmlInput } from './report-html';
import type { HostileParts } from './report-provider-a';
import { NO_RECORDS } from './report-provider-a';
import type { BParts } from './report-provider-b-parts';
import { esc } from './report-provider-b-parts';
import { b21Body } from './report-provider-b21';
import { b24Body } from './report-provider-b24';

export function providerBReport(
  input: ReportHtmlInput,
  history: VehicleHistory,
  hostile: HostileParts,
  cdn: string,
  variant: 'B21' | 'B24',
): string {
  const parts: BParts = {
    vin: input.vin,
    brand: 'CarChronicle',
    img: `${cdn}/reportservice/report/fullReport/img`,
    badge: `<img class="cc-badge" src="${cdn}/carchronicle/img/score-badge.png" alt="CarChronicle score badge" width="96" height="40">`,
  };
  const body =
    input.records === 0 ? NO_RECORDS : variant === 'B21' ? b21Body(parts, history) : b24Body(parts, history);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<title>Welcome to CarChronicle - Full Report</title>
${hostile.head}
<link rel="stylesheet" href="${cdn}/carchronicle/bootstrap.min.css">
<link rel="stylesheet" href="${cdn}/carchronicle/report.css">
<link rel="stylesheet" href="${cdn}/fonts/css?family=Chronicle+Sans:400,700">
<style>
body{font-family:"Chronicle Sans","Helvetica Neue",Arial,sans-serif;color:#212529;margin:0;font-size:14px;line-height:1.5;background:#fff}
#full-report{max-width:940px;margin:0 auto;padding:0 15px}
.row{display:flex;flex-wrap:wrap;margin:0 -8px}.col-md-3,.col-md-4,.col-md-5,.col-12{padding:0 8px;box-sizing:border-box}
.col-md-4{flex:0 0 33.333%}.col-md-5{flex:0 0 41.666%}.col-md-3{flex:0 0 25%}.col-12{flex:0 0 100%}
.d-none,.d-md-none,.d-sm-none,.collapse:not(.show){display:none}.d-md-table{display:table}.d-sm-block,.d-lg-block{display:block}
.cc-head{background:#14365d;color:#fff;padding:14px 15px;margin:0 -15px 14px}
.cc-head h1{font-size:21px;margin:0}
.rTable{display:table;width:100%;border-collapse:collapse;margin-bottom:10px}.rTableRow{display:table-row}
.rTableCell,.rTableHead{display:table-cell;padding:5px 8px;border-top:1px solid #e9ecef;vertical-align:middle}
.rTableHeading{display:table-header-group;font-weight:700;background:#eef2f7}.rTableBody{display:table-row-group}
.highlighted{background:#fff4e5}
.mainScore{font-size:34px;font-weight:700;color:#14365d}
.section-divider-text,#full-report h2{font-size:16px;color:#14365d;text-transform:uppercase;letter-spacing:.04em;border-bottom:2px solid #14365d;padding-bottom:4px;margin:18px 0 8px}
.summary-header-bad-text{color:#c2410c;font-weight:700}.summary-header-good-text{color:#2e7d32;font-weight:700}
.vehicle-use-flag{font-weight:700;text-decoration:underline}
.card{border:1px solid #ced4da;border-radius:4px;margin-bottom:12px}.card-body{padding:8px 10px}
.card-footer{border-top:1px solid #e9ecef;background:#f8f9fa;padding:6px 10px}
.large-title{font-weight:600;margin:0}.subtitle{margin:0;color:#6c757d;font-size:12px}
.table{width:100%;border-collapse:collapse;margin-bottom:12px}
.table th,.table td{padding:6px 8px;border-top:1px solid #dee2e6;text-align:left;vertical-align:top}
.summary-box{border:1px solid #ced4da;border-radius:4px;padding:10px;text-align:center}
.box-title-owners{font-size:18px;font-weight:700;color:#14365d}
#three-box-summary{align-items:flex-start}.low-score,.high-score{display:inline-block;margin:0 6px;color:#6c757d}
.use{margin-top:6px}.use .box-title-owners{display:block;font-size:14px}
.modal{display:none}
</style>
</head>
<body id="fastLinkFullReport" ${hostile.bodyAttributes}>
<!--@@@X-Report-Status: Full Report@@@-->
<noscript><img height="1" width="1" style="display:none" alt="" src="${cdn}/collect?r=${esc(input.id)}"></noscript>
<div class="bootstrap">
<div class="fastlinkButton noPrint"><button id="singleSummaryButton" class="btn" type="button">Print Report</button></div>
<div id="freeLinkReport"><div id="full-report" class="container-fluid">
<div class="cc-head"><h1 class="main-header">${esc(input.yearMakeModel.toUpperCase())}</h1><span class="report-date">Report run: ${esc(input.createdAt.slice(0, 10))} · Report #${esc(input.id)}</span></div>
<div class="vindecode"><span>VIN: ${esc(input.vin)}</span></div>
${body}
<div class="section"><h2>Photos</h2>${hostile.photo}</div>
${hostile.body}
<div class="full-report__terms"><p>CarChronicle reports are based on information supplied to CarChronicle and available as of the report date. &copy; 2026</p></div>
</div></div></div>
</body></html>`;
}

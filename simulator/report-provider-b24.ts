// providerB's 2024 generation (docs/report-evidence.md §3.3; the hand-written model is
// test/fixtures/reports/variants/provider-b-b24.html): the three-box summary, the "at a glance"
// cards with their verdict in the footer, #accident with the striped table whose <tbody> wraps each
// <tr> in a div (as the real one does: a spec parser moves the divs out), #odometer's boxes, the
// history per owner in a desktop and a mobile copy, and the hidden score modal.
import type { VehicleHistory } from './report-history';
import { B_USES, type BParts, bIcon, esc, miles } from './report-provider-b-parts';

const capital = (s: string) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;

function boxes(p: BParts, h: VehicleHistory): string {
  const [low, high] = h.scoreRange;
  const uses = [...new Set(h.owners.map((o) => B_USES[o.type]))];
  const odometer = h.lastOdometer
    ? `<div class="decode-box-row"><span class="decode-label">Last Reported Odometer:</span> <span class="decode-data">${miles(h.lastOdometer.reading)} (${h.lastOdometer.date})</span></div>`
    : '';
  return `<div id="three-box-summary" class="row">
<!-- box sets: all three | display only decode and owner | NO OWNER: decode and score -->
<div class="col-md-4 summary-box"><span class="box-title-decode">Vehicle Information</span><div class="decode-box-row"><span class="decode-label">VIN:</span> <span class="decode-data">${p.vin}</span></div>${odometer}</div>
<div class="col-md-4 summary-box"><span class="box-title-owners">Owners - <span>${h.owners.length}</span></span><div class="use"><span class="box-title-owners">Vehicle Usage</span> <span>${esc(uses.join(', '))}</span></div></div>
<div class="col-md-4 summary-box"><span class="box-title-score">${p.brand} Score</span><div class="mainScore"><span>${h.score}</span></div><div class="low-score"><span>${low}</span></div><div class="high-score"><span>${high}</span></div><p class="score-text">Similar vehicles usually range between ${low} and ${high}</p>${p.badge}</div>
</div>`;
}

function cards(p: BParts, h: VehicleHistory): string {
  const worst = ['minor', 'moderate', 'severe']
    .filter((s) => h.accidents.some((a) => a.severity === s))
    .at(-1);
  const recalls = h.openRecalls.length;
  const card = (label: string, verdict: string, problem: boolean | null, subtitle = '') =>
    `<div class="col-md-4"><div class="card"><div class="card-body"><div class="media"><div class="media-body"><p class="large-title">${label}</p>${subtitle ? `<p class="subtitle">${subtitle}</p>` : ''}</div></div></div><div class="card-footer"><div class="card-footer-icon">${bIcon(p, problem === null ? 'icon-more-information' : problem ? 'icon-warning' : 'icon-success-pass', 'card-footer-icon-sm')}<span class="card-footer-text-adjustment"><span>${verdict}</span></span></div></div></div></div>`;
  return `<div id="at-glance"><div class="header">Vehicle History at a Glance</div><div class="section-data row">
${card('State Title Brand', h.titleBrands.length ? esc(h.titleBrands.join(', ')) : 'Clean', h.titleBrands.length > 0)}
${card('Accident / Damage', worst ? capital(worst) : 'No Issue', Boolean(worst), 'Airbag Deployed')}
${card('Open Recall Check', recalls ? `${recalls} Open Recall${recalls === 1 ? '' : 's'}` : 'No Open Recalls', recalls > 0)}
${card('Odometer Check', h.odometerProblem ? 'Problem Reported' : 'No Issue', h.odometerProblem, h.lastOdometer ? `Last reported odometer: <b>${miles(h.lastOdometer.reading)}</b> <b>(${h.lastOdometer.date})</b>` : '')}
${card('Service / Repair', 'No Issue', false)}
</div></div>`;
}

function accident(h: VehicleHistory): string {
  const rows = h.accidents.map(
    (a) =>
      `<div class="rTableRow"><tr><td>${a.date}</td><td>Collision</td><td>${capital(a.severity)}</td></tr></div>`,
  );
  return `<div id="accident"><h2>Accident / Damage</h2><div class="accident-indicators">${['Airbag Deployed', 'Structural Damage', 'Overturned'].map((t) => `<div><span class="accident-type-text">${t}</span></div>`).join('')}</div>
<table class="table table-striped"><thead><tr><th>Damage Date</th><th>Damage Type</th><th>Severity</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function history(p: BParts, h: VehicleHistory): string {
  const owners = h.owners.map((o, i) => {
    const events = h.events.filter((e) => e.owner === i);
    const rows = events.map(
      (e) =>
        `<tr><td>${e.date}</td><td>${esc(o.state)}</td><td>${e.mileage === null ? '' : miles(e.mileage)}</td><td>${esc(e.source)}</td><td>${e.comments.map((c) => esc(c.toUpperCase())).join('<br>')}</td></tr>`,
    );
    return `<span class="badge badge-blue">${o.yearPurchased}</span><div class="card"><div class="card-header owner-header"><a id="heading-${i + 1}" href="#collapse-${i + 1}-${p.vin}">Owner ${i + 1}</a></div><div id="collapse-${i + 1}-${p.vin}" class="collapse show"><div class="owner-card-header-detail"><span>Location: ${esc(o.state)}</span> <span>Usage: ${esc(B_USES[o.type])}</span></div><table class="table table-stripedX"><thead><tr><th>Event Date</th><th>Location</th><th>Odometer</th><th>Data Source</th><th>Details</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></div>`;
  });
  return `<div id="history"><h2>Vehicle History</h2><div class="history-web-print d-none d-lg-block">${owners.join('')}</div></div>`;
}

export function b24Body(p: BParts, h: VehicleHistory): string {
  return `${boxes(p, h)}
${cards(p, h)}
${accident(h)}
<div id="odometer"><h2>Odometer Check</h2><span class="info-section-header-${h.odometerProblem ? 'bad' : 'good'}">${h.odometerProblem ? 'Problem Reported' : 'Your Vehicle Checks Out'}</span>${['Rollback Check', 'State Title Odometer Check'].map((t) => `<div class="odometer-box"><div class="box-title-odometer">${t}</div><p class="odometer-box-text">${h.odometerProblem ? 'Problem reported' : 'No issues reported'}</p></div>`).join('')}</div>
${history(p, h)}
<div id="x${p.vin}" class="modal fade" role="dialog" aria-hidden="true" tabindex="-1"><div class="modal-dialog"><p><b>Decreasing Factors</b></p><ul><li>Accident - severe</li><li>Number of owners</li></ul></div></div>`;
}

// providerB's 2021 generation (docs/report-evidence.md §3.2; the hand-written model is
// test/fixtures/reports/variants/provider-b-b21a.html): div tables only, ids ending with the VIN, the
// glance area (score dial, the icon table's headlines with their icons, "Calculated Owners:"), the
// hidden score lightbox, one section per check, the usage list twice with the flag, owner cards and
// the history table in a large and a small copy. The wordings no real sample shows (an accident, a
// state brand, no open recall) are those of provider-b-b21-problems-synthetic.html.
import type { VehicleHistory } from './report-history';
import { B_USE_LIST, B_USES, type BParts, bIcon, esc, miles } from './report-provider-b-parts';

const row = (cells: string[], extra = '') =>
  `<div class="rTableRow${extra}">${cells.map((c) => `<div class="rTableCell">${c}</div>`).join('')}</div>`;
const table = (cls: string, head: string[], rows: string[]) =>
  `<div class="rTable ${cls}"><div class="rTableHeading">${head.map((h) => `<div class="rTableHead">${h}</div>`).join('')}</div><div class="rTableBody">${rows.join('')}</div></div>`;

function section(
  p: BParts,
  cls: string,
  anchor: string,
  title: string,
  state: 'good' | 'info' | 'bad',
  body: string,
  summary = '',
) {
  const header = {
    good: `${bIcon(p, 'check-icon', 'headerIcon')}<span class="summary-header-good-text">Your Vehicle Checks Out:</span>`,
    info: `${bIcon(p, 'info-icon', 'headerIcon')}<span class="summary-header-info-text">Information Reported:</span>`,
    bad: `${bIcon(p, 'alert-icon', 'headerIcon')}<span class="summary-header-bad-text">Problem Reported</span>`,
  }[state];
  return `<div class="${cls}TopSection no-break"><div id="${anchor}-${p.vin}"><h2 class="section-divider-text">${title}</h2><div class="summary-header-section">${header} ${summary}</div><div id="${cls}Collapse-${p.vin}" class="collapse show">${body}</div></div></div>`;
}

function glance(p: BParts, h: VehicleHistory): string {
  const line = (icon: string, anchor: string, text: string, sub = '') =>
    row([
      bIcon(p, icon, 'icons'),
      `<a href="#${anchor}-${p.vin}">${text}</a>${sub ? `<br><span class="summarySubText">${sub}</span>` : ''}`,
    ]).replace(/<div class="rTableCell">/, '<div class="rTableCell tbl-icon">');
  const n = h.accidents.length;
  const recalls = h.openRecalls.length;
  const rows = [
    h.titleBrands.length
      ? line('alert-icon', 'major-state-title-brand-check', 'State Title Brand Reported')
      : line('check-icon', 'major-state-title-brand-check', 'No State Title Brand Reported'),
    n
      ? line(
          'alert-icon',
          'accident-check',
          `Accident(s) Reported (${n})`,
          h.accidents.some((a) => a.airbags) ? 'Air Bag Deployed' : 'No Air Bag Deployed',
        )
      : line('check-icon', 'accident-check', 'No Accident Reported', 'No Air Bag Deployed'),
    line('check-icon', 'damage-reported-check', 'No Other Damage Reported'),
    line(
      h.odometerProblem ? 'alert-icon' : 'check-icon',
      'odometer-reported-check',
      h.odometerProblem ? 'Odometer Problem(s) Reported' : 'No Odometer Problem(s) Reported',
      h.lastOdometer ? `Last Odometer Reading:${miles(h.lastOdometer.reading)}` : '',
    ),
    recalls
      ? line('info-icon', 'safety-recall-reported-check', `Open Recall(s) Reported (${recalls})`)
      : line('check-icon', 'safety-recall-reported-check', 'No Open Recall(s) Reported'),
    ...(h.serviceRecords
      ? [line('info-icon', 'service-reported-check', 'Service &amp; Repair Information Reported')]
      : []),
  ];
  const [low, high] = h.scoreRange;
  return `<div class="at-glance"><span class="at-glance-text">Vehicle History at a Glance</span></div>
<div class="row summary-area-print">
<div class="col-md-4 score-outer"><div class="score-dial"><div class="scores"><span class="mainScore">${h.score}</span></div><div class="low-score"><span>${low}</span></div><div class="high-score"><span>${high}</span></div></div>
<span class="score-words">This vehicle's ${p.brand} Score: <span>${h.score}</span></span><p class="score-range">Similar vehicles typically score <b>${low}-${high}</b></p>${p.badge}</div>
<div class="col-md-5 reportSections-outer" id="top-${p.vin}"><div class="rTable" id="icontable"><div class="rTableBody">${rows.join('')}</div></div></div>
<div class="col-md-3 numOwner-section"><span class="calcOwnersText">Calculated Owners:</span> <span class="numOwnersText">${h.owners.length}</span></div>
</div>
<div id="${p.vin}" class="aboutscorelightbox" style="display: none;"><ul><li>Title brand or other problem</li><li>Accident - severe</li><li>Number of owners</li></ul></div>`;
}

function checks(p: BParts, h: VehicleHistory): string {
  const ok = (text: string) => row([bIcon(p, 'check-icon'), text]);
  const flagged = (text: string) => row([bIcon(p, 'alert-icon'), text], ' highlighted');
  const title = table(
    'title-brand-table',
    [`<span>${h.titleBrands.length}</span> Problem(s) Reported`, 'Brand Areas Checked'],
    [
      ...h.titleBrands.map((b) => flagged(`${esc(b)} brand`)),
      ...['salvage', 'junk', 'flood damage', 'lemon']
        .filter((b) => !h.titleBrands.some((t) => t.toLowerCase() === b.split(' ')[0]))
        .map((b) => ok(`No ${b} brand`)),
      ok('No odometer brand (EML or NAM)'),
    ],
  );
  const accidents = table(
    'problemCheckTable',
    [`<span>${h.accidents.length}</span> Problem(s) Reported`, 'Accident Areas Checked'],
    h.accidents.length
      ? h.accidents.map((a) =>
          flagged(
            `${a.date} ACCIDENT REPORTED: ${a.severity.toUpperCase()} DAMAGE${a.airbags ? ', AIR BAG DEPLOYED' : ''}`,
          ),
        )
      : [ok('No accident records'), ok('No air bag deployment')],
  );
  const readings = h.events.filter((e) => e.mileage !== null);
  const odometer = `<div class="odometerSubhaderSection">${['State title odometer check', 'Auction odometer check', 'Odometer calculation check'].map((c, i) => `<div>${bIcon(p, h.odometerProblem && i === 2 ? 'alert-icon' : 'check-icon', 'odometer_subHeaderIcon')} ${c}</div>`).join('')}</div>
${table(
  'odometerCheckTable d-none d-md-table',
  [`<span>${h.odometerProblem ? 1 : 0}</span> Problem(s) Reported`, 'Mileage', 'Date Reported', 'Other'],
  readings.map((e, i) =>
    row([
      bIcon(p, 'check-icon'),
      `<span>${miles(e.mileage ?? 0)}</span>`,
      `<span>${e.date}</span>`,
      `<span class="odometer-other">${i === 0 && e.kind === 'manufactured' ? 'not included in rollback calculation *' : ''}</span>`,
    ]),
  ),
)}
<div class="d-md-none odometer-small"><th:block th:each="reading : \${odometerReadings}"><span th:text="\${reading.mileage}">ODOMETER_READING</span></th:block></div>`;
  const recalls = h.openRecalls.length;
  const recall = table(
    'recallTable d-none d-md-table',
    ['Recall Date', 'Recall Type', 'Campaign Description'],
    h.openRecalls.map((r) => row(['', 'Safety', esc(r)])),
  );
  const services = h.events.filter((e) => e.kind === 'service');
  const service = table(
    'serviceTable d-none d-md-table',
    ['Date of Service', 'Source', 'Service Type'],
    services.map((e) => row([e.date, esc(e.source), esc(e.comments.join(' ').toUpperCase())])),
  );
  return [
    section(
      p,
      'title',
      'major-state-title-brand-check',
      'State Title Brand Check',
      h.titleBrands.length ? 'bad' : 'good',
      title,
    ),
    section(
      p,
      'accident',
      'accident-check',
      'Accident Check',
      h.accidents.length ? 'bad' : 'good',
      accidents,
    ),
    section(
      p,
      'odometer',
      'odometer-reported-check',
      'Odometer Check',
      h.odometerProblem ? 'bad' : 'good',
      odometer,
    ),
    section(
      p,
      'safetyRecall',
      'safety-recall-reported-check',
      'Safety Recall Check',
      recalls ? 'info' : 'good',
      recalls ? `<div id="recallSection">${recall}</div>` : '',
      `${p.brand} found <span class="accident-count">${recalls}</span> recalls`,
    ),
    ...(services.length
      ? [section(p, 'service', 'service-reported-check', 'Service and Repair Check', 'info', service)]
      : []),
  ].join('\n');
}

function usesAndOwners(h: VehicleHistory): string {
  const flagged = new Set(h.owners.map((o) => B_USES[o.type]));
  const list = (pipes: boolean) =>
    B_USE_LIST.map(
      (use, i, all) =>
        `<span${flagged.has(use) ? ' class="vehicle-use-flag"' : ''}>${use}${pipes && i < all.length - 1 ? ' |' : ''}</span>`,
    ).join(pipes ? '' : ' ');
  const cards = h.owners
    .map((o, i) => {
      const last = i === h.owners.length - 1;
      return `<div class="card ${last ? 'currentOwner' : 'previousOwner'}"><div class="owner-header">${last ? 'Current Owner' : 'Previous Owner(s)'}</div><div class="card-body"><p>Purchased: <b>${o.yearPurchased}</b></p><p>Where: <b>${esc(o.state)}</b></p></div></div>`;
    })
    .join('');
  return `<div class="vehicle-usage-section"><b>Vehicle Use:</b><div class="d-sm-none">${list(true)}</div><div class="d-none d-sm-block">${list(false)}</div></div>
<div class="owner-history"><h2 class="section-divider-text">Owner History</h2><div class="${h.owners.length > 1 ? 'manyOwners' : 'oneOwner'}">${cards}</div></div>`;
}

export function b21Body(p: BParts, h: VehicleHistory): string {
  const history = table(
    'historyTable d-none d-md-table',
    ['Event Date', 'Location', 'Odometer Reading', 'Data Source', 'Details'],
    h.events.map((e) =>
      row([
        e.date,
        esc(h.owners[e.owner]?.state ?? ''),
        e.mileage === null ? '' : miles(e.mileage),
        esc(e.source),
        e.comments.map((c) => esc(c.toUpperCase())).join('<br>'),
      ]),
    ),
  );
  return `${glance(p, h)}
${checks(p, h)}
${usesAndOwners(h)}
<div class="row history"><div class="col-12"><h2 class="section-divider-text">Detailed Vehicle History</h2></div></div>
<div id="historyCollapse-${p.vin}" class="collapse show"><div id="historySection">${history}</div></div>`;
}

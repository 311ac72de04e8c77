// The sections of the simulator's providerA report that hold its facts, in the real layout's shape
// (docs/report-evidence.md §2.3): the additional, title and ownership history tables (one cell per
// owner column, a verdict with its icon), the owner blocks of the detailed history (one record per
// event, the service icon on service records and on their narrow copy). Each fact of the vehicle's
// history (report-history.ts) goes where the real reports put it; the problem states no real sample
// shows are drawn as test/fixtures/reports/variants/provider-a-problems-synthetic.html says.

import type { HistoryEvent, VehicleHistory } from './report-history';
import { ICON_PATHS } from './report-icons';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const miles = (n: number) => n.toLocaleString('en-US');

/** The layout's icons: `svg.cfx-icon.cfx-icon__<name>`, whose class carries the meaning. */
const ICON_DRAWING: Record<string, keyof typeof ICON_PATHS> = {
  checkmarkSquareColor: 'check',
  alertDiamondColor: 'alert',
  toolsColor: 'service',
  documentColor: 'title',
  odometer: 'odometer',
  carColor: 'use',
  houseColor: 'use',
  envelopeOpenColor: 'recall',
  person: 'owner',
  threePeopleColor: 'owner',
  earthColor: 'title',
};
export function cfxIcon(name: string, size = 20, extra = ''): string {
  const d = ICON_PATHS[ICON_DRAWING[name] ?? 'check'];
  return `<svg class="cfx-icon cfx-icon__${name}${extra ? ` ${extra}` : ''}" viewBox="0 0 24 24" width="${size}" height="${size}" focusable="false" aria-hidden="true"><path d="${d}"/></svg>`;
}

type Verdict = { text: string; problem: boolean } | null;
function cell(verdict: Verdict): string {
  if (!verdict)
    return '<td><div class="common-section-cell-content"><span class="common-section-cell-text"><div>---<span class="visually-hidden">no data</span></div></span></div></td>';
  const kind = verdict.problem ? 'alertDiamondColor' : 'checkmarkSquareColor';
  return `<td><div class="common-section-cell-content${verdict.problem ? ' common-section-cell-alert' : ''}">${cfxIcon(kind, 20, 'common-section-cell-icon')}<span class="common-section-cell-text-with-icon"><div>${esc(verdict.text)}</div></span></div></td>`;
}
const plainCell = (text: string) =>
  `<td><div class="common-section-cell-content"><span class="common-section-cell-text"><div>${esc(text)}</div></span></div></td>`;
const heading = (label: string, description: string) =>
  `<th><div class="common-section-row-heading"><span><strong>${esc(label)}</strong></span><div>${esc(description)}</div></div></th>`;

function columnedTable(id: string, title: string, subtitle: string, owners: number, rows: string[]): string {
  const columns = Array.from(
    { length: owners },
    (_, i) =>
      `<th class="columned-section-column-heading">${cfxIcon('person', 16)}<span class="columned-section-column-heading-owner-text">Owner ${i + 1}</span></th>`,
  ).join('');
  return `<table id="${id}" class="common-section-table"><thead class="columned-section-header"><tr><th class="section-header-cell"><span class="section-header-title-text">${title}</span> <span class="section-header-subtitle-text">${subtitle}</span></th>${columns}</tr></thead>
<tbody class="common-section-body">${rows.join('\n')}</tbody></table>`;
}

/** A check per owner column: the problem in the column of the owner it happened to, clean elsewhere. */
function checkRow(
  id: string,
  label: string,
  description: string,
  owners: number,
  problems: Map<number, string>,
  clean: string,
) {
  const cells = Array.from({ length: owners }, (_, i) => {
    const problem = problems.get(i);
    return cell(problem ? { text: problem, problem: true } : { text: clean, problem: false });
  });
  return `<tr class="common-section-row" id="${id}">${heading(label, description)}${cells.join('')}</tr>`;
}

export function additionalHistory(history: VehicleHistory, brand: string): string {
  const owners = history.owners.length;
  const last = owners - 1;
  const accidents = new Map(history.accidents.map((a) => [a.owner, 'Accident Reported'] as const));
  const recalls = history.openRecalls.length;
  return columnedTable(
    'additional-history-section',
    'Additional History',
    `Not all accidents / issues are reported to ${brand}`,
    owners,
    [
      checkRow(
        'total-loss',
        'Total Loss',
        `No total loss reported to ${brand}.`,
        owners,
        new Map(),
        'No Issues Reported',
      ),
      checkRow(
        'structural-damage',
        'Structural Damage',
        `No structural damage reported to ${brand}.`,
        owners,
        new Map(),
        'No Issues Reported',
      ),
      checkRow(
        'airbag-deployment',
        'Airbag Deployment',
        'Airbag deployment reported when a source says so.',
        owners,
        new Map(
          history.accidents
            .filter((a) => a.airbags)
            .map((a) => [a.owner, 'Airbag Deployment Reported'] as const),
        ),
        'No Issues Reported',
      ),
      checkRow(
        'odometer-check',
        'Odometer Check',
        history.odometerProblem
          ? 'An odometer reading lower than an earlier one was reported.'
          : 'No indication of an odometer rollback.',
        owners,
        new Map(history.odometerProblem ? [[last, 'Potential Odometer Rollback Indicated']] : []),
        'No Issues Indicated',
      ),
      checkRow(
        'accident-damage',
        'Accident / Damage',
        history.accidents.length
          ? `Accident or damage reported to ${brand}.`
          : `No accidents or damage reported to ${brand}.`,
        owners,
        accidents,
        'No Issues Reported',
      ),
      checkRow(
        'manufacturer-recall',
        'Manufacturer Recall',
        'Check with an authorized dealer for any open recalls.',
        owners,
        new Map(recalls ? [[last, `${recalls} Open Recall${recalls === 1 ? '' : 's'} Reported`]] : []),
        'No Recalls Reported',
      ),
    ],
  );
}

export function titleHistory(history: VehicleHistory, brand: string): string {
  const owners = history.owners.length;
  const last = owners - 1;
  const clean = (label: string, names: string, problems: Map<number, string>) => {
    const cells = Array.from({ length: owners }, (_, i) => {
      const problem = problems.get(i);
      return problem
        ? cell({ text: problem, problem: true })
        : `<td><div class="common-section-cell-content">${cfxIcon('checkmarkSquareColor', 20, 'common-section-cell-icon')}<span class="common-section-cell-text-with-icon"><div><div class="common-section-cell-text-guaranteed">Guaranteed</div> No Problem</div></span></div></td>`;
    });
    return `<tr class="common-section-row">${heading(label, names)}${cells.join('')}</tr>`;
  };
  const damage = new Map(history.titleBrands.map((b) => [last, `${b} Title`] as const));
  return columnedTable(
    'title-history-section',
    'Title History',
    `${brand} guarantees the information in this section`,
    owners,
    [
      clean('Damage Brands', 'Salvage | Junk | Rebuilt | Fire | Flood | Hail | Lemon', damage),
      clean('Odometer Brands', 'Not Actual Mileage | Exceeds Mechanical Limits', new Map()),
    ],
  );
}

const lastReading = (events: HistoryEvent[]) =>
  events.filter((e) => e.mileage !== null).at(-1)?.mileage ?? null;

export function ownershipHistory(history: VehicleHistory): string {
  const owners = history.owners;
  const row = (label: string, value: (i: number) => string | null) =>
    `<tr class="common-section-row">${heading(label, '')}${owners
      .map((_, i) => {
        const text = value(i);
        return text === null ? cell(null) : plainCell(text);
      })
      .join('')}</tr>`;
  const years = (months: number) => `${Math.floor(months / 12)} yrs. ${months % 12} mo.`;
  return `<div class="ownership-history-section-container">${columnedTable(
    'ownership-history-section',
    'Ownership History',
    'The number of owners is estimated',
    owners.length,
    [
      row('Year purchased', (i) => String(owners[i]?.yearPurchased)),
      row('Type of owner', (i) => owners[i]?.type ?? null),
      row('Estimated length of ownership', (i) => years(owners[i]?.months ?? 0)),
      row('Owned in the following states/provinces', (i) => owners[i]?.state ?? null),
      row('Estimated miles driven per year', (i) => `${miles(owners[i]?.milesPerYear ?? 0)}/yr`),
      row('Last reported odometer reading', (i) => {
        const reading = lastReading(history.events.filter((e) => e.owner === i));
        return reading === null ? null : miles(reading);
      }),
    ],
  )}</div>`;
}

const EVENT_ICON: Record<HistoryEvent['kind'], string> = {
  manufactured: 'carColor',
  sale: 'carColor',
  registration: 'documentColor',
  title: 'documentColor',
  service: 'toolsColor',
  odometer: 'odometer',
  accident: 'alertDiamondColor',
  recall: 'envelopeOpenColor',
};

function record(e: HistoryEvent, n: number, vin: string): string {
  const icon = EVENT_ICON[e.kind];
  const narrow = e.mileage === null ? '' : `${miles(e.mileage)} mi`;
  const narrowIcon =
    e.kind === 'service' ? `<span class="narrow-record-icon">${cfxIcon(icon, 16)}</span>` : '';
  const odometer =
    e.mileage === null
      ? '<span class="visually-hidden">not reported</span>'
      : `${miles(e.mileage)}<span class="record-odometer-reading-label"> mi</span>`;
  const sources = [
    e.source,
    ...(e.kind === 'title'
      ? [`Title #${((vin.charCodeAt(12) * 104_729 + n * 7_919) % 90_000_000) + 10_000_000}`]
      : []),
  ];
  const [outer, ...inner] = e.comments;
  const innerList = inner.length
    ? `<ul class="record-comments-group-inner-lines">${inner.map((c) => `<li class="record-comments-group-inner-line">${esc(c)}</li>`).join('')}</ul>`
    : '';
  const id = `r${vin.slice(-6).toLowerCase()}${String(n).padStart(4, '0')}`;
  return `<tr class="detailed-history-row detailed-history-row-main" id="${id}"><td class="record-normal-first-column">${esc(e.date)}<span class="narrow-record-odometer-reading">${narrow}</span>${narrowIcon}</td><td class="record-odometer-reading">${odometer}</td><td class="record-source">${sources.map((s) => `<p class="detail-record-source-line">${esc(s)}</p>`).join('')}</td><td class="record-icon" aria-hidden="true">${cfxIcon(icon, 20)}</td><td class="record-comments"><ul class="record-comments-groups"><li><strong class="comments-group-outer-line">${esc(outer ?? '')}</strong>${innerList}</li></ul></td></tr>`;
}

export function detailedHistory(history: VehicleHistory, vin: string): string {
  let n = 0;
  const blocks = history.owners.map((o, i) => {
    const events = history.events.filter((e) => e.owner === i);
    const typeIcon = o.type === 'Personal' ? 'houseColor' : 'carColor';
    return `<div id="detailed-history-owner-block-${i + 1}" class="owner-block">
<div class="owner-tab"><div class="ownership-left"><h3 class="ownership-label">Owner ${i + 1}</h3><div class="purchase-year">Purchased: <strong>${o.yearPurchased}</strong></div></div><div class="ownership-middle"></div><div class="ownership-right"><div class="owner-type">${cfxIcon(typeIcon, 16)}<span>${esc(o.type)} Vehicle</span></div><div class="average-mileage"><strong>${miles(o.milesPerYear)}</strong> mi/yr</div></div></div>
<table class="detailed-history-records"><caption>Records</caption><tbody>
<tr class="detailed-history-column-headings"><th>Date</th><th>Mileage</th><th>Source</th><th aria-hidden="true"></th><th>Comments</th></tr>
${events.map((e) => record(e, n++, vin)).join('\n')}
</tbody></table></div>`;
  });
  return `<div id="detailed-history-section"><h2 class="detailed-history-title">Detailed History</h2>${blocks.join('\n')}</div>`;
}

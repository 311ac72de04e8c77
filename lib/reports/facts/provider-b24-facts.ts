// providerB's 2024 generation (docs/report-evidence.md §3.3-3.4, 4): the three-box summary (the
// decode box's "Last Reported Odometer:", "Owners -" and "Vehicle Usage"; any box may be missing),
// the "at a glance" cards (label in p.large-title, verdict in the footer, meaning also in its icon)
// and the #accident table. That table wraps each <tr> in a <div>: a spec parser (both browsers'
// DOMParser) moves the divs before the table and keeps every row in the <tbody>, so rows are read
// from the table, in the words of the one desktop view.
import { firstNumber, saysNone, saysNothing, squash, usDateIn, worstSeverity } from './fact-text';
import { type ImageMeaning, imageMeaning, shownScore } from './provider-b-parts';
import { noFacts, type ReportFacts } from './report-facts';
import { isShown, shownAll, shownFirst, shownText } from './shown-text';

interface Card {
  label: string;
  subtitle: string;
  verdict: string;
  icon: ImageMeaning | null;
}

function cards(doc: Document): Card[] {
  return shownAll(doc, '#at-glance .section-data .card').map((card) => ({
    label: shownText(card.querySelector('p.large-title')),
    subtitle: shownText(card.querySelector('p.subtitle')),
    verdict: shownText(
      card.querySelector('.card-footer-text-adjustment') ?? card.querySelector('.card-footer'),
    ),
    icon: imageMeaning(card.querySelector('.card-footer img')),
  }));
}

/** A card's verdict: true = a problem, false = clean, null = not stated or words and icon differ. */
function cardProblem(card: Card | undefined): boolean | null {
  if (!card || saysNothing(card.verdict)) return null;
  const byWords = !saysNone(card.verdict);
  const byIcon = card.icon === 'clean' ? false : card.icon === 'problem' ? true : null;
  return byIcon === null || byIcon === byWords ? byWords : null;
}

const cardQuote = (card: Card) => squash(`${card.label}: ${card.verdict}`);

function summaryBoxes(doc: Document, facts: ReportFacts) {
  const ownersTitle = shownAll(doc, '#three-box-summary .box-title-owners').find((t) => !t.closest('.use'));
  const owners = firstNumber(shownText(ownersTitle));
  if (ownersTitle && owners !== null)
    facts.owners = { value: owners, quote: shownText(ownersTitle), anchor: 'three-box-summary' };

  const use = shownFirst(doc, '#three-box-summary .use');
  const usage = use ? shownText(use).replace(/^vehicle usage\s*/i, '') : '';
  if (use && usage && !saysNothing(usage))
    facts.use = { value: usage, quote: shownText(use), anchor: 'three-box-summary' };

  const odometerRow = shownAll(doc, '#three-box-summary .decode-box-row').find((row) =>
    /^last reported odometer/i.test(shownText(row.querySelector('.decode-label'))),
  );
  const reading = shownText(odometerRow?.querySelector('.decode-data'));
  const miles = /^\d[\d,]*/.test(reading) ? firstNumber(reading) : null;
  if (odometerRow && miles !== null)
    facts.lastOdometer = {
      value: { miles, date: usDateIn(reading) },
      quote: shownText(odometerRow),
      anchor: 'three-box-summary',
    };
}

function accidents(doc: Document, card: Card | undefined, facts: ReportFacts) {
  const table = shownFirst(doc, '#accident table');
  const rows = table
    ? [...table.querySelectorAll('tr')]
        .filter((tr) => isShown(tr) && tr.querySelector('td'))
        .map((tr) => [...tr.querySelectorAll('td')].map((td) => shownText(td)))
        .filter((cells) => usDateIn(cells[0] ?? '') !== null)
    : [];
  const problem = cardProblem(card);
  if (rows.length === 0 && problem === null) return;
  const worst = worstSeverity([
    ...rows.map((cells) => cells.join(' ')),
    ...(problem ? [card?.verdict ?? ''] : []),
  ]);
  facts.accidents = {
    value: rows.length
      ? { count: rows.length, worst }
      : problem
        ? { count: null, worst }
        : { count: 0, worst: null },
    quote: card ? cardQuote(card) : squash(rows.map((cells) => cells.join(' ')).join(' · ')),
    anchor: 'accident',
  };
}

export function providerB24Facts(doc: Document): ReportFacts {
  const facts = noFacts('providerB', 'B24');
  const glance = cards(doc);
  const card = (label: RegExp) => glance.find((c) => label.test(c.label));
  summaryBoxes(doc, facts);
  accidents(doc, card(/^accident\b/i), facts);

  const title = card(/^state title brand/i);
  const branded = cardProblem(title);
  if (title && branded !== null)
    facts.titleBrands = {
      value: branded ? [title.verdict] : [],
      quote: cardQuote(title),
      anchor: 'at-glance',
    };

  const odometer = card(/^odometer check/i);
  const rolled = cardProblem(odometer);
  if (odometer && rolled !== null)
    facts.odometerProblem = { value: rolled, quote: cardQuote(odometer), anchor: 'odometer' };
  if (!facts.lastOdometer && odometer) {
    const miles = firstNumber(/odometer:\s*([\d,]+)/i.exec(odometer.subtitle)?.[1]);
    if (miles !== null)
      facts.lastOdometer = {
        value: { miles, date: usDateIn(odometer.subtitle) },
        quote: odometer.subtitle,
        anchor: 'at-glance',
      };
  }

  const recalls = card(/^open recall/i);
  if (recalls && !saysNothing(recalls.verdict)) {
    const count = saysNone(recalls.verdict) ? 0 : firstNumber(recalls.verdict);
    if (count !== null) facts.openRecalls = { value: count, quote: cardQuote(recalls), anchor: 'at-glance' };
  }

  const score = shownScore(doc);
  if (score) facts.score = { value: score.value, quote: score.quote, anchor: 'three-box-summary' };
  return facts;
}

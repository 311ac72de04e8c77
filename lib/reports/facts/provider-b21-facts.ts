// providerB's 2021 generation (docs/report-evidence.md §3.2, 3.4): the glance area's icon table (one
// headline per check, its icon, an optional sub-line), "Calculated Owners:", and the sections the
// headlines link to (ids end with the VIN, so they are found by prefix). Div tables throughout; the
// score lightbox hidden inline, Thymeleaf leftovers and the small-viewport copies are never read.
import { firstNumber, saysNone, squash, usDateIn, worstSeverity } from './fact-text';
import { flaggedUses, type ImageMeaning, imageMeaning, shownScore } from './provider-b-parts';
import { noFacts, type ReportFacts } from './report-facts';
import { shownAll, shownFirst, shownText } from './shown-text';

interface Headline {
  /** The section it links to, without the VIN ("odometer-reported-check"). */
  section: string;
  text: string;
  sub: string;
  icon: ImageMeaning | null;
  anchor: string | null;
}

function headlines(doc: Document): Headline[] {
  return shownAll(doc, '#icontable .rTableRow').flatMap((row) => {
    const link = row.querySelector('a[href^="#"]');
    if (!link) return [];
    const anchor = link.getAttribute('href')?.slice(1) ?? null;
    return [
      {
        section: anchor?.replace(/-[A-HJ-NPR-Z0-9]{17}$/i, '') ?? '',
        text: shownText(link),
        sub: shownText(row.querySelector('.summarySubText')),
        icon: imageMeaning(row.querySelector('img')),
        anchor,
      },
    ];
  });
}

/** The reported (highlighted) rows of a section's check table, by the section's id prefix. */
const reportedRows = (doc: Document, anchor: string) => {
  const section = sectionOf(doc, anchor);
  return section ? shownAll(section, '.rTableRow.highlighted').map((row) => shownText(row)) : [];
};

/**
 * A check's section, found by its anchor's id prefix: the whole `div.<x>TopSection` around it (its
 * body, `#<x>Collapse-<VIN>`, may sit beside the anchor rather than in it).
 */
function sectionOf(doc: Document, anchor: string): Element | null {
  const found = shownFirst(doc, `[id^="${anchor}-"]`);
  return found?.closest('[class*="TopSection"]') ?? found;
}

/** The odometer table's readings in the report's order (date order): a number and its date. */
function odometerReadings(doc: Document) {
  return shownAll(doc, '.odometerCheckTable .rTableRow').flatMap((row) => {
    const number = shownAll(row, 'span')
      .map((span) => shownText(span))
      .find((text) => /^\d[\d,]*$/.test(text));
    const miles = firstNumber(number);
    return miles === null ? [] : [{ miles, date: usDateIn(shownText(row)) }];
  });
}

/** A check's verdict from its words, agreed by its icon: true = a problem; null when they differ. */
function verdict(headline: Headline | undefined, clean: RegExp): boolean | null {
  if (!headline) return null;
  const byWords = !clean.test(headline.text);
  const byIcon = headline.icon === 'clean' ? false : headline.icon === 'problem' ? true : null;
  return byIcon === null || byIcon === byWords ? byWords : null;
}

export function providerB21Facts(doc: Document): ReportFacts {
  const facts = noFacts('providerB', 'B21');
  const checks = headlines(doc);
  const check = (section: string) => checks.find((h) => h.section === section);
  const quote = (h: Headline) => squash(h.sub ? `${h.text} · ${h.sub}` : h.text);

  const owners = shownFirst(doc, '.numOwnersText');
  const ownerCount = firstNumber(shownText(owners));
  if (owners && ownerCount !== null)
    facts.owners = { value: ownerCount, quote: squash(shownText(owners.parentElement)) };

  const title = check('major-state-title-brand-check');
  const branded = verdict(title, /^no state title brand/i);
  if (title && branded !== null) {
    const brands = reportedRows(doc, 'major-state-title-brand-check').map((r) =>
      r.replace(/\b(brand|reported)\b/gi, '').trim(),
    );
    facts.titleBrands = {
      value: branded ? (brands.length ? brands : [title.text]) : [],
      quote: quote(title),
      anchor: title.anchor ?? undefined,
    };
  }

  const accident = check('accident-check');
  const crashed = verdict(accident, /^no accident/i);
  if (accident && crashed !== null) {
    const rows = reportedRows(doc, 'accident-check');
    const stated = /\((\d+)\)/.exec(accident.text)?.[1];
    facts.accidents = {
      value: crashed
        ? { count: stated ? Number(stated) : rows.length || null, worst: worstSeverity(rows) }
        : { count: 0, worst: null },
      quote: quote(accident),
      anchor: accident.anchor ?? undefined,
    };
  }

  const odometer = check('odometer-reported-check');
  const rolled = verdict(odometer, /^no odometer problem/i);
  if (odometer && rolled !== null)
    facts.odometerProblem = { value: rolled, quote: quote(odometer), anchor: odometer.anchor ?? undefined };

  // Rows are in date order: the last with a reading is the last reading (not the highest: §3.4).
  const last = odometerReadings(doc).at(-1);
  const glanceMiles = odometer
    ? firstNumber(/Last Odometer Reading:\s*([\d,]+)/i.exec(odometer.sub)?.[1])
    : null;
  const miles = last?.miles ?? glanceMiles;
  if (miles !== null && miles !== undefined)
    facts.lastOdometer = {
      value: { miles, date: last?.miles === miles ? last.date : null },
      quote: odometer?.sub && glanceMiles === miles ? odometer.sub : squash(`${miles} ${last?.date ?? ''}`),
      anchor: odometer?.anchor ?? undefined,
    };

  const uses = flaggedUses(doc);
  if (uses.length) facts.use = { value: uses.join(', '), quote: `Vehicle Use: ${uses.join(' · ')}` };

  const recall = check('safety-recall-reported-check');
  if (recall) {
    const inHeadline = /\((\d+)\)/.exec(recall.text)?.[1];
    const section = sectionOf(doc, 'safety-recall-reported-check');
    const found = section ? firstNumber(shownText(shownFirst(section, '.accident-count'))) : null;
    const count = saysNone(recall.text) ? 0 : inHeadline ? Number(inHeadline) : found;
    if (count !== null)
      facts.openRecalls = { value: count, quote: quote(recall), anchor: recall.anchor ?? undefined };
  }

  const score = shownScore(doc);
  if (score) facts.score = { value: score.value, quote: score.quote };
  return facts;
}

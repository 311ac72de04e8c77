// providerB's layout (CarChronicle; shaped like the other large US provider's Bootstrap reports:
// simulator/report-provider-b.ts says from which public descriptions): a score (#score), a three-box
// summary (#three-box-summary: owners, accident records, last odometer), "at a glance" cards whose
// verdict is in their footer (#at-glance), the accident table (#accident), the title checks table.
// No state script: every value is read from the words the report shows.
import { firstNumber, saysNone, words, worstSeverity } from './fact-text';
import { noFacts, type ReportFacts } from './report-facts';

export const isProviderBLayout = (doc: Document): boolean =>
  // Its header band or its summary: a report with no records has the header alone.
  doc.querySelector('.cc-header, #three-box-summary, #at-glance .section-data') !== null;

export function providerBFacts(doc: Document): ReportFacts {
  const facts = noFacts('providerB');
  /** The verdict of an "at a glance" card, by its label. */
  const glance = (label: RegExp): string | null => {
    for (const card of doc.querySelectorAll('#at-glance .card')) {
      if (!label.test(words(card.querySelector('.card-body')))) continue;
      return words(card.querySelector('.card-footer-text-adjustment') ?? card.querySelector('.card-footer'));
    }
    return null;
  };

  const ownersBox = doc.querySelector('#three-box-summary .box-title-owners');
  const owners = firstNumber(words(ownersBox));
  if (owners !== null && ownersBox)
    facts.owners = { value: owners, quote: words(ownersBox.parentElement), anchor: 'three-box-summary' };

  const accidentRows = [...doc.querySelectorAll('#accident tbody tr')].map((tr) => words(tr));
  const accidentCheck = glance(/^accident check$/i);
  if (accidentRows.length || accidentCheck) {
    const none =
      accidentRows.every((text) => /^no accident/i.test(text)) &&
      (accidentCheck ? saysNone(accidentCheck) : true);
    const listed = accidentRows.filter((text) => !/^no accident/i.test(text));
    const count = none ? 0 : listed.length || (accidentCheck ? firstNumber(accidentCheck) : null);
    if (count !== null)
      facts.accidents = {
        value: { count, worst: worstSeverity(listed) },
        quote: accidentCheck ? `Accident check: ${accidentCheck}` : (listed[0] ?? accidentRows[0] ?? ''),
        anchor: 'accident',
      };
  }

  const titleCheck = glance(/^title brand check$/i);
  if (titleCheck)
    facts.titleBrands = {
      value: saysNone(titleCheck) ? [] : titleCheck.split(/\s*,\s*/).filter(Boolean),
      quote: `Title brand check: ${titleCheck}`,
      anchor: 'at-glance',
    };

  const odometerBox = doc.querySelectorAll('#three-box-summary .box')[2];
  if (odometerBox && /odometer/i.test(words(odometerBox))) {
    const reading = firstNumber(words(odometerBox.querySelector('.box-title')));
    const date = /\(([^)]{1,40})\)/.exec(words(odometerBox))?.[1] ?? null;
    if (reading !== null)
      facts.lastOdometer = {
        value: { miles: reading, date },
        quote: words(odometerBox),
        anchor: 'three-box-summary',
      };
  }

  const odometerCheck = glance(/^odometer check$/i);
  if (odometerCheck)
    facts.odometerProblem = {
      value: !saysNone(odometerCheck),
      quote: `Odometer check: ${odometerCheck}`,
      anchor: 'at-glance',
    };

  const use = glance(/^use$/i);
  if (use) facts.use = { value: use.replace(/\s*use$/i, ''), quote: `Use: ${use}`, anchor: 'at-glance' };

  const recalls = glance(/^open recall check$/i);
  const recallCount = recalls && saysNone(recalls) ? 0 : firstNumber(recalls);
  if (recalls && recallCount !== null)
    facts.openRecalls = { value: recallCount, quote: `Open recall check: ${recalls}`, anchor: 'at-glance' };

  const scoreCell = doc.querySelector('#score .cc-score-number');
  const score = firstNumber(words(scoreCell));
  if (scoreCell && score !== null)
    facts.score = { value: score, quote: words(doc.querySelector('#score .cc-score-row')), anchor: 'score' };

  const service = glance(/^service records$/i);
  const serviceCount = firstNumber(service);
  if (service && serviceCount !== null)
    facts.serviceRecords = { value: serviceCount, quote: `Service records: ${service}`, anchor: 'at-glance' };
  return facts;
}

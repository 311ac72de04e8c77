// VINs an element holds outside its text: its attributes (data-vin, JSON-valued data attributes,
// link URLs, hidden inputs) and, for a script, its data.
import { acceptLabelledVin, type JsonVin, vinsInJson, vinsInScriptText } from '@/lib/vin/json-vins';
import { findVinCandidates } from '@/lib/vin/vin-syntax';
import { attributeNames } from './attribute-names';
import type { Occurrence } from './occurrence';

const JSON_SCRIPT = /^(application\/(ld\+)?json|)$/i;
const MIN = 17;

/** Reports the VINs of an element's attributes (its own only, not its children's). */
export function reportAttributes(el: Element, tag: string, report: (occurrence: Occurrence) => void): void {
  for (const name of attributeNames(el)) {
    const value = el.getAttribute(name) ?? '';
    if (value.length < MIN) continue;
    if (name.includes('vin')) {
      const vin = acceptLabelledVin(value);
      if (vin) report({ vin, element: el, kind: 'attribute', labelled: true });
    } else if (value[0] === '{' || value[0] === '[') {
      // Its record goes along: what the card's data says of price and mileage (listing-notes.ts).
      const labelled = vinsInScriptText(value);
      for (const found of labelled)
        report({
          vin: found.vin,
          element: el,
          kind: 'attribute',
          labelled: true,
          ...(found.record ? { record: found.record } : {}),
        });
      // None under a "vin" key: one inside another value (a chart's past sale, its photo's file name)
      // is on the page as data, never a card's (Bring a Trailer's data-stats; site-evidence.md).
      // A file name's words are joined by "_", which the candidate pattern reads as part of a word.
      if (labelled.length === 0)
        for (const { vin } of findVinCandidates(value.replaceAll('_', ' ')))
          report({ vin, element: el, kind: 'json', labelled: false });
    } else if (name === 'href' || name === 'value' || name.startsWith('data-')) {
      for (const { vin } of findVinCandidates(safeDecode(value)))
        report({ vin, element: el, kind: 'attribute', labelled: false });
    }
  }
  // <input type="hidden" name="vin" value="...">: the value is labelled by the name.
  if (tag === 'input' && /vin/i.test(el.getAttribute('name') ?? '')) {
    const vin = acceptLabelledVin((el as HTMLInputElement).value);
    if (vin) report({ vin, element: el, kind: 'attribute', labelled: true });
  }
}

/** The VINs of an inline data block (JSON-LD, JSON state, a script's literals); none for a script file. */
export function scriptVins(el: Element): JsonVin[] {
  const type = el.getAttribute('type') ?? '';
  if (el.hasAttribute('src') || !(JSON_SCRIPT.test(type) || /javascript/i.test(type))) return [];
  const text = el.textContent ?? '';
  if (!/vin|vehicleIdentificationNumber/i.test(text)) return [];
  if (/json/i.test(type)) {
    try {
      return vinsInJson(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return vinsInScriptText(text);
}

function safeDecode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (error) {
    if (error instanceof URIError) return value;
    throw error;
  }
}

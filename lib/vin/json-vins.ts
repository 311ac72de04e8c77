// VINs in structured data: JSON-LD, embedded page state, JSON-valued attributes. Pure.
import { isLabelledVinSyntax, type Vin } from './vin-syntax';

export interface JsonVin {
  vin: Vin;
  /**
   * The object that holds the VIN, and the key it sits under in its parent: what ties the vehicle
   * to its card (lib/vin/listing-identity.ts). Read only when the VIN is nowhere else on the page.
   */
  record?: Record<string, unknown>;
  keyInParent?: string;
}

// "vin", "VIN", "vinNumber", "vin_number", "vehicleVin", "vehicle_vin", "lot_vin", "itemVin": names
// that say VIN, as sites and their analytics write them.
const VIN_KEY = /^(?:(?:vehicle|lot|car|item)[_-]?)?vin(?:[_-]?number)?$|^vehicleIdentificationNumber$/i;
const MAX_DEPTH = 12;
const MAX_NODES = 50_000;

/**
 * A value under a key named "vin", as a VIN would be written (trimmed, upper case), when it passes
 * the labelled form of the one syntax predicate (lib/vin/vin-syntax.ts: a VIN made outside North
 * America needs no check digit there). The label also spares a North American VIN the
 * manufacturer-code test in the background, so a code newer than the bundled list is still found.
 */
export function acceptLabelledVin(value: unknown): Vin | null {
  if (typeof value !== 'string') return null;
  const vin = value.trim().toUpperCase();
  return isLabelledVinSyntax(vin) ? vin : null;
}

/** Every VIN in a parsed JSON value, with the object that holds it. */
export function vinsInJson(root: unknown): JsonVin[] {
  const found: JsonVin[] = [];
  let visited = 0;
  const walk = (value: unknown, depth: number, keyInParent: string | undefined) => {
    if (depth > MAX_DEPTH || ++visited > MAX_NODES || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1, undefined);
      return;
    }
    const record = value as Record<string, unknown>;
    // A vehicle from before 1981 has no standard VIN: what its "vin" field holds is a serial.
    const older = beforeStandardVins(record);
    for (const [key, child] of Object.entries(record)) {
      if (VIN_KEY.test(key)) {
        const vin = older ? null : acceptLabelledVin(child);
        if (vin) found.push(keyInParent === undefined ? { vin, record } : { vin, record, keyInParent });
      } else if (typeof child === 'object') walk(child, depth + 1, key);
    }
  };
  walk(root, 0, undefined);
  return found;
}

/** Model years the standard 17-character VIN does not cover (it began with model year 1981). */
function beforeStandardVins(record: Record<string, unknown>): boolean {
  const year = Number(record.year ?? record.modelYear ?? record.model_year ?? record.vehicleModelDate);
  return Number.isInteger(year) && year > 1885 && year < 1981;
}

const LABELLED_IN_TEXT = /["']?(?:vin|vehicleIdentificationNumber)["']?\s*[:=]\s*["']([0-9A-Za-z]{17})["']/gi;

/** VINs in script text that is not plain JSON (`window.__STATE__ = {...}`): parsed where possible, else by pattern. */
export function vinsInScriptText(text: string): JsonVin[] {
  if (!/vin|vehicleIdentificationNumber/i.test(text)) return [];
  const parsed = parseLenient(text);
  if (parsed !== undefined) return vinsInJson(parsed);
  const found: JsonVin[] = [];
  for (const match of text.matchAll(LABELLED_IN_TEXT)) {
    const vin = acceptLabelledVin(match[1]);
    if (!vin) continue;
    // The object literal around it (an analytics event: `{ item_name: '…', vehicle_vin: '…' }`),
    // its plain values read as a record: what tells whether the page is about this vehicle.
    const record = literalAround(text, match.index ?? 0);
    if (record && beforeStandardVins(record)) continue;
    found.push(record ? { vin, record } : { vin });
  }
  return found;
}

const LITERAL_PAIR = /([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\s*:\s*("[^"\n]*"|'[^'\n]*'|-?\d+(?:\.\d+)?)/g;

/** The string and number values of the innermost `{ … }` around `at` in script text, by name. */
function literalAround(text: string, at: number): Record<string, unknown> | undefined {
  const open = text.lastIndexOf('{', at);
  const close = text.indexOf('}', at);
  if (open < 0 || close < 0 || close - open > 4_000) return undefined;
  const record: Record<string, unknown> = {};
  for (const [, key = '', value = ''] of text.slice(open + 1, close).matchAll(LITERAL_PAIR))
    record[key.replace(/^["']|["']$/g, '')] = /^["']/.test(value) ? value.slice(1, -1) : Number(value);
  return Object.keys(record).length > 1 ? record : undefined;
}

/** JSON, or the outermost {...} of an assignment around JSON; undefined when neither parses. */
function parseLenient(text: string): unknown {
  const trimmed = text.trim();
  for (const candidate of [trimmed, trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1)]) {
    if (!candidate || (candidate[0] !== '{' && candidate[0] !== '[')) continue;
    try {
      return JSON.parse(candidate);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return undefined;
}

// VINs in structured data: JSON-LD, embedded page state, JSON-valued attributes. Pure.
import { isVinSyntax, type Vin } from './vin-syntax';

export interface JsonVin {
  vin: Vin;
  /**
   * The object that holds the VIN, and the key it sits under in its parent: what ties the vehicle
   * to its card (lib/vin/listing-identity.ts). Read only when the VIN is nowhere else on the page.
   */
  record?: Record<string, unknown>;
  keyInParent?: string;
}

const VIN_KEY = /^(vin|vinNumber|vehicleVin|vehicleIdentificationNumber)$/i;
const MAX_DEPTH = 12;
const MAX_NODES = 50_000;

/**
 * A value under a key named "vin", as a VIN would be written (trimmed, upper case), when it passes
 * the same syntax predicate as every other path (lib/vin/vin-syntax.ts). The label only spares it the
 * manufacturer-code test in the background, so a code newer than the bundled list is still found.
 */
export function acceptLabelledVin(value: unknown): Vin | null {
  if (typeof value !== 'string') return null;
  const vin = value.trim().toUpperCase();
  return isVinSyntax(vin) ? vin : null;
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
    for (const [key, child] of Object.entries(record)) {
      if (VIN_KEY.test(key)) {
        const vin = acceptLabelledVin(child);
        if (vin) found.push(keyInParent === undefined ? { vin, record } : { vin, record, keyInParent });
      } else if (typeof child === 'object') walk(child, depth + 1, key);
    }
  };
  walk(root, 0, undefined);
  return found;
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
    if (vin) found.push({ vin });
  }
  return found;
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

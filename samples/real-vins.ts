// Reads the real VINs kept in samples/data/ (see samples/data/README.md for where they come from).
// Shared by the tests and the benchmarks, which never import from each other.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// From the project root (vitest's and the benches' working directory): import.meta.url is no file
// URL under happy-dom.
const DATA = join(process.cwd(), 'samples/data/');

export interface RealVin {
  vin: string;
  year: number;
  make: string;
  model: string;
}

function parse(yaml: string): RealVin[] {
  const entries = yaml.split(/\n\s*- vin: /).slice(1);
  return entries.map((entry) => ({
    vin: entry.split(/\s/)[0] as string,
    year: Number(/model_year: (\d+)/.exec(entry)?.[1]),
    make: /make: (.*)/.exec(entry)?.[1]?.trim() ?? '',
    model: /model: (.*)/.exec(entry)?.[1]?.trim() ?? '',
  }));
}

const read = (file: string) => parse(readFileSync(DATA + file, 'utf8'));

/** 97 real VINs with year, make and model. */
export const decodedVins = (): RealVin[] => read('vins-decoded.yaml');
/** 299 real VINs whose check digit does not follow the rule. */
export const exceptionVins = (): RealVin[] => read('vin-exceptions.yaml');

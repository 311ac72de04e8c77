// Reads the real VINs in ../shared/data (beside the repository in CI and on developer machines).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// From the project root (vitest's working directory): import.meta.url is no file URL under happy-dom.
const DATA = join(process.cwd(), '../shared/data/');

export interface RealVin {
  vin: string;
  year: number;
  make: string;
  model: string;
}

function read(file: string): string {
  const path = DATA + file;
  if (!existsSync(path))
    throw new Error(`${path} is missing: the tests expect ../shared beside the repository.`);
  return readFileSync(path, 'utf8');
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

/** 97 real VINs with year, make and model. */
export const decodedVins = (): RealVin[] => parse(read('vins-decoded.yaml'));
/** 299 real VINs whose check digit does not follow the rule. */
export const exceptionVins = (): RealVin[] => parse(read('vin-exceptions.yaml'));

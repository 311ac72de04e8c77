// The report fixtures modelled on the real reports' layouts (test/fixtures/reports/variants/, each
// header saying which variant it models, what it leaves out and which states are synthetic) and
// the facts read from each by hand. Shared by the DOM tier (happy-dom, after a spec parser) and the
// browsers' own DOMParser (test/e2e/report-variants.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportFacts } from '@/lib/reports/facts/report-facts';

type Expected = {
  [K in Exclude<keyof ReportFacts, 'version'>]: ReportFacts[K] extends infer V
    ? V extends { value: infer T } | null
      ? T | null
      : V
    : never;
};

export interface ReportVariantFixture {
  file: string;
  /** What a person reading the report finds, fact by fact (null: the report does not state it). */
  expected: Expected;
}

export const REPORT_VARIANTS: ReportVariantFixture[] = [
  {
    file: 'provider-a-a1-dealer.html',
    expected: {
      layout: 'providerA',
      variant: 'A1',
      owners: 4,
      accidents: { count: 0, worst: null },
      titleBrands: [],
      lastOdometer: { miles: 88_412, date: '03/28/2025' },
      odometerProblem: false,
      use: 'Personal',
      openRecalls: 0,
      score: null,
      serviceRecords: 9,
    },
  },
  {
    file: 'provider-a-a2-reseller.html',
    expected: {
      layout: 'providerA',
      variant: 'A2',
      owners: 2,
      accidents: { count: 0, worst: null },
      titleBrands: [],
      lastOdometer: { miles: 52_310, date: '09/02/2024' },
      odometerProblem: false,
      use: 'Rental, Personal',
      openRecalls: 0,
      score: null,
      serviceRecords: 12,
    },
  },
  {
    file: 'provider-a-problems-synthetic.html',
    expected: {
      layout: 'providerA',
      variant: 'A1',
      owners: 2,
      accidents: { count: 2, worst: 'severe' },
      titleBrands: ['Salvage'],
      lastOdometer: { miles: 74_880, date: '08/15/2024' },
      odometerProblem: true,
      use: 'Personal lease, Personal',
      openRecalls: 1,
      score: null,
      serviceRecords: 5,
    },
  },
  {
    file: 'provider-b-b21a.html',
    expected: {
      layout: 'providerB',
      variant: 'B21',
      owners: 1,
      accidents: { count: 0, worst: null },
      titleBrands: [],
      lastOdometer: { miles: 14, date: '12/15/2021' },
      odometerProblem: false,
      use: 'Personal',
      openRecalls: 1,
      score: 91,
      serviceRecords: null,
    },
  },
  {
    file: 'provider-b-b21b.html',
    expected: {
      layout: 'providerB',
      variant: 'B21',
      owners: 3,
      accidents: { count: 0, worst: null },
      titleBrands: [],
      lastOdometer: { miles: 61_020, date: '10/05/2020' },
      odometerProblem: true,
      use: 'Lease',
      openRecalls: 2,
      score: 64,
      serviceRecords: null,
    },
  },
  {
    file: 'provider-b-b21-problems-synthetic.html',
    expected: {
      layout: 'providerB',
      variant: 'B21',
      owners: 2,
      accidents: { count: 2, worst: 'severe' },
      titleBrands: ['Salvage'],
      lastOdometer: { miles: 97_215, date: '06/11/2024' },
      odometerProblem: false,
      use: 'Personal',
      openRecalls: 0,
      score: 41,
      serviceRecords: null,
    },
  },
  {
    file: 'provider-b-b24.html',
    expected: {
      layout: 'providerB',
      variant: 'B24',
      owners: 2,
      accidents: { count: 2, worst: 'moderate' },
      titleBrands: [],
      lastOdometer: { miles: 47_233, date: '08/19/2024' },
      odometerProblem: false,
      use: 'Personal',
      openRecalls: 0,
      score: 78,
      serviceRecords: null,
    },
  },
];

/** A fixture's HTML as the viewer would receive it from the service (paths from the project root:
 * under happy-dom import.meta.url is no file URL). */
export const variantHtml = (file: string): string =>
  readFileSync(join(process.cwd(), 'test/fixtures/reports/variants', file), 'utf8');

/** The facts of a report reduced to what `expected` holds (values, not quotes). */
export function factValues(facts: ReportFacts): Expected {
  const { version: _, ...rest } = facts;
  return Object.fromEntries(
    Object.entries(rest).map(([name, fact]) => [
      name,
      fact !== null && typeof fact === 'object' && 'value' in fact ? fact.value : fact,
    ]),
  ) as Expected;
}

// NHTSA's facts in a shopper's words (lib/nhtsa/free-facts-words.ts): never "safe" for a model with
// no recall on record, the campaigns that say "do not drive" first, NHTSA's own notes kept beside
// the decode. Rows as NHTSA's APIs send them (simulator/nhtsa/nhtsa-app.ts says where from).
import { describe, expect, it } from 'vitest';
import {
  complaintWords,
  decodeWords,
  problemWords,
  ratingWords,
  recallHeadline,
  recallLine,
} from '@/lib/nhtsa/free-facts-words';
import { DecodeRow, type RecallRow } from '@/lib/nhtsa/nhtsa-wire';
import { readDecode, recallsInOrder } from '@/lib/nhtsa/read-facts';
import { decodeRow } from '@/simulator/nhtsa/nhtsa-app';

const decoded = (vin: string) => readDecode(DecodeRow.parse(decodeRow(vin)));
const recall = (campaign: string, date: string, flags: Partial<RecallRow> = {}): RecallRow => ({
  NHTSACampaignNumber: campaign,
  ReportReceivedDate: date,
  Component: 'AIR BAGS',
  Summary: '',
  Consequence: '',
  Remedy: 'Dealers will replace the inflator, free of charge.',
  ...flags,
});

describe('free facts in words', () => {
  it('the decode in one line; a rejected VIN said plainly', () => {
    expect(decodeWords(decoded('1G1PG5SC3C7167133'))).toBe(
      '2012 CHEVROLET Cruze LT · Sedan/Saloon · 4 cyl 1.4 L Gasoline · FWD/Front-Wheel Drive · built in LORDSTOWN, OHIO, UNITED STATES (USA)',
    );
    expect(problemWords(decoded('1G1PG5SC3C7167133'))).toBeNull();
    expect(problemWords(decoded('1G1PG5SC1C7167133'))).toBe(
      'NHTSA notes: 1 - Check Digit (9th position) does not calculate properly',
    );
    expect(decodeWords(decoded('ZZZ11111111111111'))).toMatch(
      /^NHTSA cannot decode this VIN: 1 - Check Digit/,
    );
  });

  it('no recall on record is never "safe"; "park it" first, then "park outside", then the newest', () => {
    const cruze = decoded('1G1PG5SC3C7167133');
    expect(recallHeadline([], cruze)).toBe(
      'No recall campaigns on record for the 2012 CHEVROLET Cruze as NHTSA names them: by model year, not proof this car is safe.',
    );
    expect(recallHeadline([], cruze)).toContain('not proof this car is safe');
    const ordered = recallsInOrder([
      recall('12V055000', '14/02/2012'),
      recall('15V100000', '01/03/2015'),
      recall('13V157000', '26/04/2013', { parkOutSide: true }),
      recall('14V224000', '25/04/2014', { parkIt: true }),
    ]);
    expect(ordered.map((r) => r.NHTSACampaignNumber)).toEqual([
      '14V224000',
      '13V157000',
      '15V100000',
      '12V055000',
    ]);
    expect(recallLine(ordered[0] as RecallRow)).toBe(
      'PARK IT · 14V224000 · AIR BAGS · Remedy: Dealers will replace the inflator, free of charge.',
    );
    expect(recallHeadline(ordered, cruze)).toBe(
      '4 recall campaigns for the 2012 CHEVROLET Cruze (1 “park it”: do not drive until repaired; 1 “park outside”: fire risk).',
    );
  });

  it('complaints and stars', () => {
    expect(
      complaintWords({
        count: 148,
        crashes: 6,
        fires: 4,
        top: [
          { component: 'ENGINE', count: 148 },
          { component: 'STEERING', count: 17 },
        ],
      }),
    ).toBe(
      '148 complaints to NHTSA for this model year, most about engine (148), steering (17); 6 crashes, 4 fires reported.',
    );
    expect(complaintWords({ count: 0, crashes: 0, fires: 0, top: [] })).toBe(
      'No complaints to NHTSA on record for this model year.',
    );
    expect(ratingWords({ overall: '4', variants: 2 })).toBe(
      'NHTSA crash rating: 4 of 5 stars overall (one of 2 rated versions).',
    );
    expect(ratingWords({ overall: 'Not Rated', variants: 1 })).toBe(
      'NHTSA has no overall crash rating for this model year.',
    );
    expect(ratingWords({ overall: null, variants: 0 })).toBe(
      'Not crash-tested by NHTSA for this model year.',
    );
  });
});

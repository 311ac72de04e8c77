// NHTSA's answers read for the pages: the decode's values cleaned, its problem and its refusal told
// apart, recalls in the order a shopper must read them, stars as a number. No zod here: the badge
// panel carries this file. Pure: no browser globals.
import type { DecodeRow, RecallRow } from './nhtsa-wire';

export interface VehicleDecode {
  year: number | null;
  make: string;
  model: string;
  trim: string;
  body: string;
  engine: string;
  drive: string;
  plant: string;
  /** NHTSA's words when its ErrorCode is not "0" (a wrong check digit, an incomplete VIN): the
   * decode may still name the vehicle, and then says both. */
  problem: string | null;
  /** NHTSA could not say what vehicle this is (no make): its words. */
  rejected: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const words = (...values: Array<string | null | undefined>) => values.map(clean).filter(Boolean).join(' ');

/** vPIC's flat row as the extension shows it. */
export function readDecode(row: DecodeRow): VehicleDecode {
  const year = Number(row.ModelYear);
  const litres = Number(row.DisplacementL);
  const cylinders = clean(row.EngineCylinders);
  const make = clean(row.Make);
  const problem =
    row.ErrorCode.trim() === '0' ? null : clean(row.ErrorText) || `NHTSA error ${row.ErrorCode}`;
  return {
    year: Number.isInteger(year) && year > 1900 ? year : null,
    make,
    model: clean(row.Model),
    trim: words(row.Trim, clean(row.Series) === clean(row.Trim) ? '' : row.Series),
    body: clean(row.BodyClass),
    engine: words(
      cylinders && `${cylinders} cyl`,
      litres > 0 ? `${litres.toFixed(1)} L` : '',
      row.FuelTypePrimary,
    ),
    drive: clean(row.DriveType),
    plant: [row.PlantCity, row.PlantState, row.PlantCountry].map(clean).filter(Boolean).join(', '),
    problem,
    rejected: make ? null : (problem ?? 'NHTSA has no vehicle for this VIN.'),
  };
}

/** "Park it" campaigns first, then "park outside", then the newest (NHTSA's dates are dd/mm/yyyy). */
export function recallsInOrder(rows: RecallRow[]): RecallRow[] {
  const sortable = (date: string | null | undefined) => (date ?? '').split('/').reverse().join('');
  return [...rows].sort(
    (a, b) =>
      Number(b.parkIt === true) - Number(a.parkIt === true) ||
      Number(b.parkOutSide === true) - Number(a.parkOutSide === true) ||
      sortable(b.ReportReceivedDate).localeCompare(sortable(a.ReportReceivedDate)),
  );
}

/** The overall stars, 1 to 5; null for "Not Rated" or nothing. */
export const starsOf = (overall: string | null) => {
  const stars = Number(overall);
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null;
};

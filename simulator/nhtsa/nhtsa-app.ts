// A stand-in for NHTSA's free APIs (issue 46), served on its own loopback name (simulator/server.ts):
// vPIC's decodes (https://vpic.nhtsa.dot.gov/api/: "Decode VIN (flat format)" GET
// /api/vehicles/DecodeVinValues/{vin}?format=json, and its batch, POST
// /api/vehicles/DecodeVINValuesBatch/ with the form `format=json&data=VIN;VIN`) and api.nhtsa.gov's
// recalls, complaints and 5-Star Safety Ratings (https://www.nhtsa.gov/nhtsa-datasets-and-apis).
// Answers keep NHTSA's shapes and quirks: every decode value a string, "" when unknown; a VIN with a
// wrong check digit still decoded, with ErrorCode "1"; a maker without data "8"; unknown makers "7";
// recalls `Count`/`results`, complaints `count`/`results` in lower case, ratings `Count`/`Results`;
// a make, model and year recalls or complaints hold nothing on answered HTTP 400 with the ordinary
// empty body (`{"Count":0,"Message":"Results returned successfully","results":[]}`, the complaints'
// keys in lower case), as several independent public NHTSA clients document and test; ratings
// answer 200 with none (NHTSA does not 404). Faults as the service's
// (simulator/faults.ts), by endpoint: decode, decodeBatch, recalls, complaints, ratings.
import { Hono } from 'hono';
import { checkDigitStatus } from '../../lib/vin/vin-syntax';
import { describeWmi } from '../../lib/vin/wmi';
import { createFaults, DROP_HEADER, faultResponse } from '../faults';
import { COMPLAINTS, RATINGS, RECALLS, seedDecode } from './nhtsa-data';

export interface NhtsaLogEntry {
  endpoint: 'decode' | 'decodeBatch' | 'recalls' | 'complaints' | 'ratings' | 'rating' | 'other';
  path: string;
  /** The VINs a decode asked for. */
  vins: string[];
  status: number;
}

const ERROR_TEXT: Record<string, string> = {
  '0': '0 - VIN decoded clean. Check Digit (9th position) is correct',
  '1': '1 - Check Digit (9th position) does not calculate properly',
  '6': '6 - Incomplete VIN',
  '7': '7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S roads; Please contact the manufacturer directly for more information',
  '8': '8 - No detailed data available currently',
  '400': '400 - Invalid Characters Present',
};

/** One flat row as vPIC answers it (a subset of its ~140 variables, the others "" as vPIC sends them). */
export function decodeRow(raw: string): Record<string, string> {
  const vin = raw.trim().toUpperCase();
  const codes: string[] = [];
  const seed = vin.length === 17 ? seedDecode(vin) : undefined;
  let found: Record<string, string> = {};
  if (vin.length !== 17) codes.push('6');
  else if (/[^A-HJ-NPR-Z0-9]/.test(vin)) codes.push('400');
  else {
    if (checkDigitStatus(vin) === 'invalid') codes.push('1');
    if (seed) found = seed;
    else {
      const make = describeWmi(vin).make;
      if (make) {
        found = { Make: make.toUpperCase() };
        codes.push('8');
      } else codes.push('7');
    }
  }
  const code = codes.length ? codes.join(',') : '0';
  return {
    ABS: '',
    AdditionalErrorText: '',
    BodyClass: '',
    DisplacementL: '',
    DriveType: '',
    EngineCylinders: '',
    ErrorCode: code,
    ErrorText: (codes.length ? codes : ['0']).map((c) => ERROR_TEXT[c]).join('; '),
    FuelTypePrimary: '',
    Make: '',
    Manufacturer: '',
    Model: '',
    ModelYear: '',
    PlantCity: '',
    PlantCountry: '',
    PlantState: '',
    Series: '',
    SuggestedVIN: '',
    Trim: '',
    VIN: vin,
    VehicleType: found.Make ? 'PASSENGER CAR' : '',
    ...found,
  };
}

const modelKey = (year: string | undefined, make: string | undefined, model: string | undefined) =>
  `${year}|${(make ?? '').toUpperCase()}|${(model ?? '').toLowerCase()}`;
/** NHTSA matches make and model without regard to case. */
const lookup = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.entries(table).find(([k]) => {
    const [y, m, n] = k.split('|');
    return `${y}|${m}|${(n ?? '').toLowerCase()}` === key;
  })?.[1];

/** Each endpoint by the start of its path (the log's and the faults' names). */
const ENDPOINTS: Array<[string, NhtsaLogEntry['endpoint']]> = [
  ['/api/vehicles/DecodeVinValues/', 'decode'],
  ['/api/vehicles/DecodeVINValuesBatch', 'decodeBatch'],
  ['/recalls/', 'recalls'],
  ['/complaints/', 'complaints'],
  ['/SafetyRatings/VehicleId/', 'rating'],
  ['/SafetyRatings/', 'ratings'],
];

export function createNhtsaStandIn() {
  const faults = createFaults();
  const log: NhtsaLogEntry[] = [];
  const app = new Hono();

  const endpointOf = (path: string): NhtsaLogEntry['endpoint'] =>
    ENDPOINTS.find(([start]) => path.startsWith(start))?.[1] ?? 'other';

  app.use('*', async (c, next) => {
    const path = c.req.path;
    const entry: NhtsaLogEntry = {
      endpoint: endpointOf(path),
      path: `${path}${new URL(c.req.url).search}`,
      vins: [],
      status: 0,
    };
    log.push(entry);
    if (entry.endpoint === 'decode') entry.vins = [decodeURIComponent(path.split('/').pop() ?? '')];
    if (entry.endpoint === 'decodeBatch') {
      const form = new URLSearchParams(await c.req.text());
      entry.vins = (form.get('data') ?? '').split(';').filter(Boolean);
    }
    const fault = faults.take(entry.endpoint, path, 'before');
    const faulted = fault
      ? await faultResponse(fault, (ms) => new Promise((r) => setTimeout(r, ms)))
      : undefined;
    if (faulted) {
      entry.status = faulted.headers.has(DROP_HEADER) ? 0 : faulted.status;
      return faulted;
    }
    await next();
    entry.status = c.res.status;
  });

  app.get('/api/vehicles/DecodeVinValues/:vin', (c) => {
    const vin = c.req.param('vin');
    return c.json({
      Count: 1,
      Message:
        'Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should NOT be interpreted as an indication that a feature or technology is unavailable for a vehicle.',
      SearchCriteria: `VIN:${vin}`,
      Results: [decodeRow(vin)],
    });
  });

  app.post('/api/vehicles/DecodeVINValuesBatch/', async (c) => {
    const vins = (new URLSearchParams(await c.req.text()).get('data') ?? '').split(';').filter(Boolean);
    return c.json({
      Count: vins.length,
      Message: 'Results returned successfully',
      SearchCriteria: '',
      Results: vins.slice(0, 50).map(decodeRow),
    });
  });

  app.get('/recalls/recallsByVehicle', (c) => {
    const q = c.req.query();
    const key = modelKey(q.modelYear, q.make, q.model);
    const results = (lookup(RECALLS, key) ?? []).map((r) => ({
      Manufacturer: '',
      ...r,
      Notes: '',
      ModelYear: q.modelYear,
      Make: (q.make ?? '').toUpperCase(),
      Model: (q.model ?? '').toUpperCase(),
      overTheAirUpdate: false,
    }));
    return c.json(
      { Count: results.length, Message: 'Results returned successfully', results },
      results.length ? 200 : 400,
    );
  });

  app.get('/complaints/complaintsByVehicle', (c) => {
    const q = c.req.query();
    const seed = lookup(COMPLAINTS, modelKey(q.modelYear, q.make, q.model));
    const results = seed
      ? Array.from({ length: seed.count }, (_, i) => ({
          odiNumber: 11_400_000 + i,
          manufacturer: '',
          crash: i < seed.crashes,
          fire: i >= seed.crashes && i < seed.crashes + seed.fires,
          numberOfInjuries: 0,
          numberOfDeaths: 0,
          dateOfIncident: '01/15/2016',
          dateComplaintFiled: '02/01/2016',
          vin: '',
          // The first component most often, the next ones in turn (a complaint may name two).
          components: [
            seed.components[0],
            ...(i % 3 === 0 ? [seed.components[(i % (seed.components.length - 1)) + 1]] : []),
          ]
            .filter(Boolean)
            .join(','),
          summary: 'Simulated complaint narrative.',
          products: [],
        }))
      : [];
    return c.json(
      { count: results.length, message: 'Results returned successfully', results },
      results.length ? 200 : 400,
    );
  });

  app.get('/SafetyRatings/modelyear/:year/make/:make/model/:model', (c) => {
    const rated =
      lookup(RATINGS, modelKey(c.req.param('year'), c.req.param('make'), c.req.param('model'))) ?? [];
    const Results = rated.map(({ VehicleId, VehicleDescription }) => ({ VehicleDescription, VehicleId }));
    return c.json({ Count: Results.length, Message: 'Results returned successfully', Results });
  });

  app.get('/SafetyRatings/VehicleId/:id', (c) => {
    const id = Number(c.req.param('id'));
    const rated = Object.values(RATINGS)
      .flat()
      .find((r) => r.VehicleId === id);
    const Results = rated
      ? [
          {
            VehicleDescription: rated.VehicleDescription,
            OverallRating: rated.OverallRating,
            OverallFrontCrashRating: rated.OverallRating,
            OverallSideCrashRating: rated.OverallRating,
            RolloverRating: '4',
            ComplaintsCount: 0,
            RecallsCount: 0,
            VehicleId: rated.VehicleId,
          },
        ]
      : [];
    return c.json({ Count: Results.length, Message: 'Results returned successfully', Results });
  });

  return { app, faults, log };
}
export type NhtsaStandIn = ReturnType<typeof createNhtsaStandIn>;

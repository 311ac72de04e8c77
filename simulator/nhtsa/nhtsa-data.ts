// What the NHTSA stand-in knows: the demo vehicles' decodes (year, make and model from the seed,
// which are real; body, engine, drive and plant for the demo listing's cars as vPIC gives such
// vehicles), and each demo model's recalls, complaints and crash ratings. The contents of campaigns
// and complaints are invented for the demo; their shapes are NHTSA's (nhtsa-app.ts says where from).
import { SEED_VEHICLES } from '../seed';

export interface VehicleDetails {
  BodyClass: string;
  EngineCylinders: string;
  DisplacementL: string;
  FuelTypePrimary: string;
  DriveType: string;
  PlantCity: string;
  PlantState: string;
  PlantCountry: string;
}

const d = (
  BodyClass: string,
  EngineCylinders: string,
  DisplacementL: string,
  DriveType: string,
  PlantCity: string,
  PlantState: string,
  PlantCountry: string,
): VehicleDetails => ({
  BodyClass,
  EngineCylinders,
  DisplacementL,
  FuelTypePrimary: 'Gasoline',
  DriveType,
  PlantCity,
  PlantState,
  PlantCountry,
});

/** vPIC's values for the demo listing's vehicles (upper-case plant names, as vPIC writes them). */
export const DETAILS: Record<string, VehicleDetails> = {
  '1G1PG5SC3C7167133': d(
    'Sedan/Saloon',
    '4',
    '1.4',
    'FWD/Front-Wheel Drive',
    'LORDSTOWN',
    'OHIO',
    'UNITED STATES (USA)',
  ),
  '1C6RD6FT1CS310366': d(
    'Pickup',
    '8',
    '5.7',
    '4WD/4-Wheel Drive/4x4',
    'WARREN',
    'MICHIGAN',
    'UNITED STATES (USA)',
  ),
  '4T1BB3EK5AU118081': d(
    'Sedan/Saloon',
    '4',
    '2.4',
    'FWD/Front-Wheel Drive',
    'GEORGETOWN',
    'KENTUCKY',
    'UNITED STATES (USA)',
  ),
  '5N3ZA0NE1AN908084': d(
    'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    '8',
    '5.6',
    '4WD/4-Wheel Drive/4x4',
    'CANTON',
    'MISSISSIPPI',
    'UNITED STATES (USA)',
  ),
  KNAE55LC7J6018811: d(
    'Hatchback/Liftback/Notchback',
    '6',
    '3.3',
    'RWD/Rear-Wheel Drive',
    'SOHARI',
    '',
    'SOUTH KOREA',
  ),
  WAULFAFR6DA001366: d('Coupe', '4', '2.0', 'AWD/All-Wheel Drive', 'INGOLSTADT', '', 'GERMANY'),
  JTHFE2C23A2509749: d('Convertible/Cabriolet', '6', '3.5', 'RWD/Rear-Wheel Drive', 'TAHARA', '', 'JAPAN'),
};

/** Model names of more than one word (the rest of the seed's model is the trim). */
const MULTI_WORD = ['Grand Wagoneer', 'Bronco II', 'Scion xD', 'IS 350C'];

/** Positions vPIC decodes by: the maker and vehicle descriptor (1-8), the year and the plant (10-11);
 * not the check digit nor the serial, so a VIN with a wrong check digit still decodes. */
const pattern = (vin: string) => vin.slice(0, 8) + vin.slice(9, 11);

/** The seed's "Cruze LT" as vPIC's Model "Cruze" and Trim "LT"; makes in capitals, as vPIC writes them. */
export function seedDecode(vin: string) {
  const vehicle = SEED_VEHICLES.find((v) => pattern(v.vin) === pattern(vin));
  if (!vehicle) return undefined;
  const multi = MULTI_WORD.find((m) => vehicle.model.startsWith(m));
  const model = multi ?? (vehicle.model.split(' ')[0] as string);
  return {
    ModelYear: String(vehicle.year),
    Make: vehicle.make.toUpperCase(),
    Model: model,
    Trim: vehicle.model.slice(model.length).trim(),
    ...DETAILS[vehicle.vin],
  };
}

export interface RecallSeed {
  NHTSACampaignNumber: string;
  ReportReceivedDate: string;
  Component: string;
  Summary: string;
  Consequence: string;
  Remedy: string;
  parkIt: boolean;
  parkOutSide: boolean;
}

const recall = (
  NHTSACampaignNumber: string,
  ReportReceivedDate: string,
  Component: string,
  Summary: string,
  Remedy: string,
  flags: { parkIt?: boolean; parkOutSide?: boolean } = {},
): RecallSeed => ({
  NHTSACampaignNumber,
  ReportReceivedDate,
  Component,
  Summary,
  Consequence: 'This can increase the risk of a crash or a fire.',
  Remedy,
  parkIt: flags.parkIt ?? false,
  parkOutSide: flags.parkOutSide ?? false,
});

/** By "year|MAKE|Model" (vPIC's spelling). A model not here has no recall on record. */
export const RECALLS: Record<string, RecallSeed[]> = {
  '2012|CHEVROLET|Cruze': [
    recall(
      '12V055000',
      '14/02/2012',
      'STEERING',
      'The intermediate steering shaft may separate.',
      'Dealers will inspect and replace the shaft, free of charge.',
    ),
    recall(
      '13V157000',
      '26/04/2013',
      'ENGINE AND ENGINE COOLING',
      'Fuel may leak onto a hot engine shield and ignite.',
      'Dealers will install a shield, free of charge.',
      { parkOutSide: true },
    ),
    recall(
      '14V224000',
      '25/04/2014',
      'AIR BAGS',
      "The driver's air bag inflator may rupture.",
      'Dealers will replace the inflator, free of charge.',
      { parkIt: true },
    ),
  ],
  '2012|RAM|1500': [
    recall(
      '13V038000',
      '07/02/2013',
      'ELECTRICAL SYSTEM',
      'The alternator may short-circuit.',
      'Dealers will replace the alternator, free of charge.',
    ),
  ],
  '2018|KIA|Stinger': [
    recall(
      '18V590000',
      '27/08/2018',
      'SEAT BELTS',
      'The rear seat belt buckle may not latch.',
      'Dealers will replace the buckle, free of charge.',
    ),
  ],
};

/** Complaints per model: how many, and the components they name (first ones most often). */
export const COMPLAINTS: Record<
  string,
  { count: number; components: string[]; crashes: number; fires: number }
> = {
  '2012|CHEVROLET|Cruze': {
    count: 148,
    components: ['ENGINE', 'STEERING', 'POWER TRAIN', 'ELECTRICAL SYSTEM'],
    crashes: 6,
    fires: 4,
  },
  '2012|RAM|1500': {
    count: 37,
    components: ['ELECTRICAL SYSTEM', 'POWER TRAIN', 'BRAKES'],
    crashes: 1,
    fires: 0,
  },
  '2010|TOYOTA|Camry': { count: 22, components: ['SERVICE BRAKES', 'ENGINE'], crashes: 0, fires: 0 },
};

/** Rated versions per model, and each one's overall stars ("Not Rated" is NHTSA's word). */
export const RATINGS: Record<
  string,
  Array<{ VehicleId: number; VehicleDescription: string; OverallRating: string }>
> = {
  '2012|CHEVROLET|Cruze': [
    { VehicleId: 6440, VehicleDescription: '2012 Chevrolet Cruze 4 DR FWD', OverallRating: '5' },
  ],
  '2012|RAM|1500': [
    { VehicleId: 6601, VehicleDescription: '2012 Ram 1500 Crew Cab RWD', OverallRating: '4' },
    { VehicleId: 6602, VehicleDescription: '2012 Ram 1500 Crew Cab 4WD', OverallRating: '4' },
  ],
  '2010|TOYOTA|Camry': [
    { VehicleId: 5300, VehicleDescription: '2010 Toyota Camry 4 DR FWD', OverallRating: 'Not Rated' },
  ],
};

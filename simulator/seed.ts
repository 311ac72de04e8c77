// Demo data for the simulator. VINs, years, makes and models are real (public documentation of the
// service, and the MIT-licensed test data of the `vin` Python package in samples/data); record counts
// and people are invented.

export interface SeedVehicle {
  vin: string;
  year: number;
  make: string;
  model: string;
  /** Records per provider; zero for one provider on purpose for some. */
  providerA: number;
  providerB: number;
}

export interface SeedReport {
  provider: 'providerA' | 'providerB';
  vin: string;
  /** ISO date the demo pretends it was bought. */
  createdAt: string;
}

export interface SeedUser {
  id: string;
  name: string;
  email: string;
  apiKey: string;
  credits: number;
  dailyLimit: number;
  createdAt: string;
  reports: SeedReport[];
}

const v = (vin: string, year: number, make: string, model: string, providerA: number, providerB: number) => ({
  vin,
  year,
  make,
  model,
  providerA,
  providerB,
});

export const SEED_VEHICLES: SeedVehicle[] = [
  v('1FMDU34X7PUD75574', 1993, 'Ford', 'Explorer XLT', 14, 9),
  v('1G1PG5SC3C7167133', 2012, 'Chevrolet', 'Cruze LT', 21, 17),
  v('1C6RD6FT1CS310366', 2012, 'Ram', '1500 Laramie', 33, 37),
  v('JH4DC4340RS003205', 1994, 'Acura', 'Integra RS', 12, 6),
  v('1FMCU14T3JU402061', 1988, 'Ford', 'Bronco II XL', 5, 0),
  v('5N3ZA0NE1AN908084', 2010, 'Infiniti', 'QX56', 18, 22),
  v('1G8ZF52801Z322733', 2001, 'Saturn', 'SL', 9, 4),
  v('1N6SD16S6NC347945', 1992, 'Nissan', 'Pickup', 0, 3),
  v('JH4KA2635HC013743', 1987, 'Acura', 'Legend', 7, 7),
  v('1GKLVKED6AJ152841', 2010, 'GMC', 'Acadia SLE-1', 16, 11),
  v('WAULFAFR6DA001366', 2013, 'Audi', 'A5 Premium Plus quattro', 19, 24),
  v('WP0CB29874U669313', 2004, 'Porsche', 'Boxster S', 11, 8),
  v('WBSPM9C52BE209978', 2011, 'BMW', 'M3', 13, 15),
  v('4T1BB3EK5AU118081', 2010, 'Toyota', 'Camry', 25, 20),
  v('5NPEB4AC9DH571382', 2013, 'Hyundai', 'Sonata GLS', 17, 0),
  v('1C41JUEJ7NC002943', 2022, 'Jeep', 'Grand Wagoneer Series I', 4, 2),
  v('2C3CCACG6CH275007', 2012, 'Chrysler', '300 Limited', 22, 19),
  v('JTKKU4B40C1028652', 2012, 'Toyota', 'Scion xD', 10, 12),
  v('1J4BA3H12AL171413', 2010, 'Jeep', 'Wrangler Unlimited X', 15, 13),
  v('KM8JN72D07U585496', 2007, 'Hyundai', 'Tucson', 8, 10),
  v('5N1AL0MM8DC306971', 2013, 'Infiniti', 'JX35', 14, 16),
  v('1B4HS28N51F542134', 2001, 'Dodge', 'Durango', 0, 0),
  v('1GCHK29U11E231511', 2001, 'Chevrolet', 'Silverado 2500', 27, 31),
  v('SCFFDECNXCGG14038', 2012, 'Aston Martin', 'Virage', 6, 5),
  v('1FTJW36F9TEA02868', 1996, 'Ford', 'F-350', 20, 0),
  v('4JGAB54E11A277331', 2001, 'Mercedes-Benz', 'ML320', 12, 9),
  v('JN8AZ28R59T128050', 2009, 'Nissan', 'Cube', 9, 8),
  v('3VWSD29M41M067176', 2001, 'Volkswagen', 'Jetta GLS', 13, 11),
  v('1C4GJWAG3DL544796', 2013, 'Jeep', 'Wrangler Sport', 18, 21),
  v('2T1BR30E36C599972', 2006, 'Toyota', 'Corolla', 23, 18),
  v('JTHFE2C23A2509749', 2010, 'Lexus', 'IS 350C', 10, 14),
  v('5FNRL38297B007384', 2007, 'Honda', 'Odyssey LX', 19, 17),
  v('JM1FE173540134610', 2004, 'Mazda', 'RX-8', 8, 6),
  v('JNKCV51F54M711589', 2004, 'Infiniti', 'G35', 11, 13),
  v('1G4GD5ED5BF334614', 2011, 'Buick', 'LaCrosse CXL', 15, 12),
  v('5XYKTCA62DG346197', 2013, 'Kia', 'Sorento LX', 16, 19),
  v('KNAE55LC7J6018811', 2018, 'Kia', 'Stinger GT2', 7, 9),
  v('WAUFFGFF8F1068897', 2015, 'Audi', 'S3 Prestige quattro', 12, 10),
];

export const DEMO_API_KEY = 'demo-api-key';

export const SEED_USERS: SeedUser[] = [
  {
    id: 'u-1001',
    name: 'Dana Demo',
    email: 'dana.demo@example.com',
    apiKey: DEMO_API_KEY,
    credits: 25,
    dailyLimit: 20,
    createdAt: '2026-03-02T09:15:00.000Z',
    reports: [
      { provider: 'providerA', vin: '1G1PG5SC3C7167133', createdAt: '2026-10-28T14:02:11.000Z' },
      { provider: 'providerB', vin: '1G1PG5SC3C7167133', createdAt: '2026-10-28T14:05:40.000Z' },
      { provider: 'providerA', vin: '1FMDU34X7PUD75574', createdAt: '2026-11-03T10:20:00.000Z' },
      { provider: 'providerA', vin: '4T1BB3EK5AU118081', createdAt: '2026-11-12T18:44:09.000Z' },
      { provider: 'providerB', vin: 'WBSPM9C52BE209978', createdAt: '2026-11-15T08:01:30.000Z' },
    ],
  },
  {
    id: 'u-1002',
    name: 'Riverside Motors',
    email: 'buyer@riverside-motors.example',
    apiKey: 'dealer-api-key',
    credits: 180,
    dailyLimit: 20,
    createdAt: '2025-12-11T16:40:00.000Z',
    reports: [
      { provider: 'providerA', vin: '1C6RD6FT1CS310366', createdAt: '2026-11-01T11:00:00.000Z' },
      { provider: 'providerB', vin: '1C6RD6FT1CS310366', createdAt: '2026-11-01T11:01:00.000Z' },
      { provider: 'providerA', vin: '2C3CCACG6CH275007', createdAt: '2026-11-04T09:30:00.000Z' },
      { provider: 'providerA', vin: '1GCHK29U11E231511', createdAt: '2026-11-06T13:12:00.000Z' },
      { provider: 'providerB', vin: '5N3ZA0NE1AN908084', createdAt: '2026-11-09T15:45:00.000Z' },
      { provider: 'providerA', vin: '1C4GJWAG3DL544796', createdAt: '2026-11-18T10:05:00.000Z' },
    ],
  },
  {
    id: 'u-1003',
    name: 'Sam Nocredit',
    email: 'sam@example.org',
    apiKey: 'empty-api-key',
    credits: 0,
    dailyLimit: 20,
    createdAt: '2026-09-20T12:00:00.000Z',
    reports: [],
  },
];

// Titles as real listing pages write them (docs/listing-evidence.md; the fixtures in
// test/fixtures/listings/), read into year, make, model and trim, checked against the VIN's decode.
import { describe, expect, it } from 'vitest';
import { readVehicleTitle } from '@/lib/market/vehicle-title';

describe('vehicle titles', () => {
  it.each([
    // cars.com h2.title; Autotrader's "Used …"; CarGurus' drivetrain; Carvana's name only.
    ['2019 Honda Accord Sport', { year: 2019, make: 'Honda', model: 'Accord', trim: 'Sport' }],
    ['Used 2019 Honda Accord Sport 1.5T', { year: 2019, make: 'Honda', model: 'Accord', trim: 'Sport' }],
    ['Honda Certified 2020 Honda CR-V EX-L', { year: 2020, make: 'Honda', model: 'CR-V', trim: 'EX-L' }],
    ['2018 Ford F-150 XLT SuperCrew 4WD', { year: 2018, make: 'Ford', model: 'F-150', trim: 'XLT' }],
    ['2012 Ram 1500 Laramie', { year: 2012, make: 'Ram', model: '1500', trim: 'Laramie' }],
    [
      '2021 Jeep Grand Cherokee Limited 4x4',
      { year: 2021, make: 'Jeep', model: 'Grand Cherokee', trim: 'Limited' },
    ],
    ['2017 BMW 3 Series 330i xDrive', { year: 2017, make: 'BMW', model: '3 Series', trim: '330i xDrive' }],
    [
      '2019 Chevrolet Silverado 1500 LT',
      { year: 2019, make: 'Chevrolet', model: 'Silverado 1500', trim: 'LT' },
    ],
    [
      '2016 Land Rover Range Rover Sport HSE',
      { year: 2016, make: 'Land Rover', model: 'Range Rover Sport', trim: 'HSE' },
    ],
    ['2022 Tesla Model 3 Long Range', { year: 2022, make: 'Tesla', model: 'Model 3', trim: 'Long Range' }],
    [
      '2021 Ford Bronco Sport Big Bend',
      { year: 2021, make: 'Ford', model: 'Bronco Sport', trim: 'Big Bend' },
    ],
    [
      '2020 Mercedes-Benz C-Class C 300',
      { year: 2020, make: 'Mercedes-Benz', model: 'C-Class', trim: 'C 300' },
    ],
    ['2010 Infiniti QX56', { year: 2010, make: 'Infiniti', model: 'QX56' }],
    ['2012 Chevy Cruze LT', { year: 2012, make: 'Chevrolet', model: 'Cruze', trim: 'LT' }],
    // Craigslist: lower case, the price after a dash.
    [
      '2015 honda accord ex-l - $12,000 (Seattle)',
      { year: 2015, make: 'Honda', model: 'accord', trim: 'ex-l' },
    ],
    // Craigslist's posting title: the price and the place after the vehicle.
    ['2006 Toyota Corolla CE $4,800 (Renton)', { year: 2006, make: 'Toyota', model: 'Corolla', trim: 'CE' }],
    // A TrueCar card's first words (no heading): year, make and model, trim, its deal rating, the rest.
    [
      'Sponsored 2010 Toyota Camry LE Great Price $713 off avg. list price $7,450 88,120 miles',
      { year: 2010, make: 'Toyota', model: 'Camry', trim: 'LE' },
    ],
    // Carvana: the trim and mileage after a bullet.
    ['2019 Toyota Camry • SE • 45k miles', { year: 2019, make: 'Toyota', model: 'Camry' }],
    // Issue 61, as a held-out truth of real cards found them read wrong. A dealer platform's title
    // with the year after the model, glued to it, or last.
    ['Toyota Camry 2015 LE', { year: 2015, make: 'Toyota', model: 'Camry', trim: 'LE' }],
    ['Used Toyota Camry2015 SE', { year: 2015, make: 'Toyota', model: 'Camry', trim: 'SE' }],
    ['Honda Accord EX-L 2017', { year: 2017, make: 'Honda', model: 'Accord', trim: 'EX-L' }],
    // A one-letter trim right after the model is a trim (Cars & Bids' document title too).
    ['2017 Nissan Rogue S', { year: 2017, make: 'Nissan', model: 'Rogue', trim: 'S' }],
    ['2004 Porsche Boxster S - Cars & Bids', { year: 2004, make: 'Porsche', model: 'Boxster', trim: 'S' }],
    // An electric car's battery after its name, with or without the site's bar.
    ['2017 BMW i3 | 94 Ah', { year: 2017, make: 'BMW', model: 'i3' }],
    ['2017 BMW i3 94 Ah', { year: 2017, make: 'BMW', model: 'i3', trim: '94 Ah' }],
    // A coupe or a plug-in sold as a model of its own (priced apart from the base model).
    [
      '2013 Hyundai Genesis Coupe 2.0T Premium',
      { year: 2013, make: 'Hyundai', model: 'Genesis Coupe', trim: 'Premium' },
    ],
    ['2018 Toyota Prius Prime Plus', { year: 2018, make: 'Toyota', model: 'Prius Prime', trim: 'Plus' }],
    ['2018 Toyota Prius Two', { year: 2018, make: 'Toyota', model: 'Prius', trim: 'Two' }],
    // A model whose name holds "&", never cut at it (Chrysler's minivan; JSON-LD's entity too).
    [
      '2014 Chrysler Town & Country Touring',
      { year: 2014, make: 'Chrysler', model: 'Town & Country', trim: 'Touring' },
    ],
    [
      'Used 2012 Chrysler Town &amp; Country Limited',
      { year: 2012, make: 'Chrysler', model: 'Town & Country', trim: 'Limited' },
    ],
    // A maker the list lacked (European auction lots and classifieds).
    ['2019 Dacia Duster Prestige', { year: 2019, make: 'Dacia', model: 'Duster', trim: 'Prestige' }],
    ['2016 Škoda Octavia Combi', { year: 2016, make: 'Skoda', model: 'Octavia', trim: 'Combi' }],
    // Model years are never read from a price or a mileage.
    ['$12,000 · 2014 Toyota Camry LE', { year: 2014, make: 'Toyota', model: 'Camry', trim: 'LE' }],
  ])('%s', (title, want) => {
    expect(readVehicleTitle(title)).toEqual(want);
  });

  it('says a branded title where the listing does', () => {
    expect(readVehicleTitle('2016 Nissan Altima 2.5 S Salvage Title')?.titleBrand).toBe('salvage');
    expect(readVehicleTitle('REBUILT 2014 Toyota Corolla LE')?.titleBrand).toBe('rebuilt');
    expect(readVehicleTitle('2014 Toyota Corolla LE')?.titleBrand).toBeUndefined();
  });

  it("never reads a title the VIN's decode contradicts, nor one without a year or a maker", () => {
    const camry = { modelYear: 2013, make: 'Toyota' };
    expect(readVehicleTitle('2013 Toyota Camry SE', camry)?.model).toBe('Camry');
    expect(readVehicleTitle('2013 Lexus ES 350', camry)?.make).toBe('Lexus');
    expect(readVehicleTitle('2014 Toyota Camry SE', camry)).toBeNull();
    expect(readVehicleTitle('2013 Honda Accord EX', camry)).toBeNull();
    expect(readVehicleTitle('Toyota Camry SE')).toBeNull();
    expect(readVehicleTitle('2013 Camry SE')).toBeNull();
    expect(readVehicleTitle('Great deal! 48,210 mi.')).toBeNull();
    // A title of 10,000 characters is read from its first 200, never slowly, never wrongly.
    expect(readVehicleTitle(`2013 Toyota Camry ${'LE '.repeat(3_000)}`)?.model).toBe('Camry');
    expect(readVehicleTitle('x'.repeat(10_000))).toBeNull();
    // A VIN of 30 years' cycle: the decode's year is one of two.
    expect(readVehicleTitle('1983 Toyota Camry', camry)?.year).toBe(1983);
  });
});

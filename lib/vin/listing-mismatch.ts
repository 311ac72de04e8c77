// Does the VIN's free decode disagree with what the listing says of the vehicle? A 2010 Toyota VIN on
// a "2018 Honda Accord" card is a typo or a fraud sign, caught before any money is spent. Makes are
// compared by family (a Scion VIN is a Toyota's, a Ram may be a Dodge's), and only when both sides
// name one; years modulo the VIN's 30-year cycle. Unsure means silent. Pure.

// Alias -> family. Makes that share manufacturer codes are one family, so the decode's maker name
// never contradicts a listing of the same group.
const FAMILIES: Record<string, string[]> = {
  toyota: ['toyota', 'lexus', 'scion'],
  honda: ['honda', 'acura'],
  nissan: ['nissan', 'infiniti', 'datsun'],
  gm: ['chevrolet', 'chevy', 'gmc', 'buick', 'cadillac', 'pontiac', 'oldsmobile', 'saturn', 'hummer'],
  stellantis: ['chrysler', 'dodge', 'ram', 'jeep', 'plymouth', 'fiat'],
  ford: ['ford', 'lincoln', 'mercury'],
  volkswagen: ['volkswagen', 'vw'],
  audi: ['audi'],
  mercedes: ['mercedes-benz', 'mercedes', 'benz'],
  bmw: ['bmw', 'mini'],
  hyundai: ['hyundai', 'kia', 'genesis'],
  mazda: ['mazda'],
  subaru: ['subaru'],
  mitsubishi: ['mitsubishi'],
  tesla: ['tesla'],
  volvo: ['volvo'],
  porsche: ['porsche'],
  jlr: ['jaguar', 'land rover', 'range rover'],
};
const FAMILY_OF = new Map<string, string>();
for (const [family, names] of Object.entries(FAMILIES)) for (const name of names) FAMILY_OF.set(name, family);
const MAKE_WORD = new RegExp(`\\b(${[...FAMILY_OF.keys()].join('|')})\\b`, 'i');

/** The family of a maker's name as a decode gives it ("Mercedes-Benz", "Chevrolet"); undefined if unknown. */
const makeFamily = (make: string) => {
  const found = make.toLowerCase().match(MAKE_WORD);
  return found ? FAMILY_OF.get((found[1] as string).toLowerCase()) : undefined;
};

export interface ListingSays {
  year?: number;
  make?: string;
}

/** What the listing says that the decode contradicts; null when nothing does (or either side is unsure). */
export function listingMismatch(
  decode: { modelYear?: number; make?: string },
  title: string,
): ListingSays | null {
  const says: ListingSays = {};
  const year = title.match(/\b(19[5-9]\d|20[0-4]\d)\b/);
  if (year && decode.modelYear && (Number(year[1]) - decode.modelYear) % 30 !== 0)
    says.year = Number(year[1]);
  const make = title.match(MAKE_WORD);
  const decoded = decode.make && makeFamily(decode.make);
  if (make && decoded && FAMILY_OF.get((make[1] as string).toLowerCase()) !== decoded) says.make = make[1];
  if (says.year === undefined && says.make === undefined) return null;
  // The listing's own words, for the warning ("2018 Honda").
  if (year && says.year === undefined && says.make !== undefined) says.year = Number(year[1]);
  if (make && says.make === undefined) says.make = make[1];
  return says;
}

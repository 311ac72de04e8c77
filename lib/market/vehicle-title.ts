// What a listing's title says of its vehicle (issue 57): "Used 2019 Honda Accord Sport 1.5T" is a
// 2019 Honda Accord, trim "Sport 1.5T". Titles as real sites write them (docs/listing-evidence.md):
// cars.com's `h2.title` "2019 Honda Accord Sport", Autotrader's "Used 2019 …", CarGurus' "… Sport FWD",
// Craigslist's lower-case "2015 honda accord ex-l - $12,000", JSON-LD `name`. Checked against the
// VIN's own decode: another model year or maker says nothing (a typo, a fraud sign, or a title of
// another car), never a guess. Pure.

export interface VehicleTitle {
  year: number;
  /** The maker as usually written ("Mercedes-Benz", "Chevrolet"). */
  make: string;
  /** As the title writes it ("Accord", "F-150", "Grand Cherokee", "3 Series"). */
  model: string;
  /** What follows the model, without drivetrain, engine and body words; absent when none. */
  trim?: string;
  /** "salvage", "rebuilt", … when the title says so. */
  titleBrand?: string;
}

/** Makers as usually written; titles write them in any case, with a space or a hyphen. */
const MAKE_NAMES =
  'Acura,Alfa Romeo,Alpine,Aston Martin,Audi,Bentley,BMW,Buick,BYD,Cadillac,Chevrolet,Chrysler,Citroen,Cupra,Dacia,Daewoo,Datsun,Dodge,DS,Ferrari,Fiat,Fisker,Ford,Genesis,Geo,GMC,Honda,Hummer,Hyundai,Infiniti,Isuzu,Jaguar,Jeep,Kia,Lada,Lamborghini,Lancia,Land Rover,Lexus,Lincoln,Lotus,Lucid,Maserati,Mazda,McLaren,Mercedes-Benz,Mercury,MINI,Mitsubishi,Nissan,Oldsmobile,Opel,Peugeot,Plymouth,Polestar,Pontiac,Porsche,Ram,Renault,Rivian,Rolls-Royce,Saab,Saturn,Scion,SEAT,Skoda,smart,Subaru,Suzuki,Tesla,Toyota,Vauxhall,Volkswagen,Volvo'.split(
    ',',
  );
/** Each maker by its name in lower case, spaces for hyphens, and the short names titles use. */
const MAKES: Record<string, string> = {
  ...Object.fromEntries(MAKE_NAMES.map((name) => [name.toLowerCase().replace('-', ' '), name])),
  chevy: 'Chevrolet',
  vw: 'Volkswagen',
  mercedes: 'Mercedes-Benz',
  citroën: 'Citroen',
  škoda: 'Skoda',
};
const MAKE_AT_START = new RegExp(
  `^(${Object.keys(MAKES)
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(' ', '[-\\s]'))
    .join('|')})\\b`,
  'i',
);

/** A maker's name as a word anywhere in a title. */
const MAKE_IN_TEXT = new RegExp(`(?:^|\\s)${MAKE_AT_START.source.slice(1)}`, 'i');

/** A model's first word that never stands alone: the next word is part of the model. */
const JOINS_NEXT =
  /^(grand|land|range|model|santa|town|monte|el|crown|e|c|s|g|gl|glc|gle|ml|cla|cls|sl|slk)$/i;
/** A second word that belongs to the model ("3 Series", "C-Class", "Silverado 1500", "Cross"). A
 * single letter or a small number after a model is its trim or its battery ("Rogue S", "Boxster S",
 * "i3 94 Ah"), never the model's: only "Model" takes one (JOINS_NEXT). */
const MODEL_SECOND =
  /^(series|class|cross|sport|evoque|velar|rover|cherokee|wagoneer|highlander|caravan|carlo|camino|victoria|connect|mach-e|fe|\d{3,4}(hd)?|cruiser)$/i;
/** Second words that make a model of its own, priced apart from the first word's (a coupe, a plug-in
 * or a body sold under its own name): "Genesis Coupe" is no Genesis, "Prius Prime" no Prius. */
const OWN_MODEL: Record<string, RegExp> = {
  genesis: /^coupe$/i,
  prius: /^(prime|c|v|plug-in)$/i,
  rav4: /^(prime|ev)$/i,
  elantra: /^(coupe|gt|touring)$/i,
  accord: /^crosstour$/i,
  fusion: /^energi$/i,
  'c-max': /^energi$/i,
  ioniq: /^(electric|plug-in)$/i,
  golf: /^(gti|r|alltrack|sportwagen)$/i,
  tiguan: /^limited$/i,
  kona: /^electric$/i,
  outlander: /^phev$/i,
  niro: /^(ev|plug-in)$/i,
  focus: /^(rs|st|electric)$/i,
  fiesta: /^st$/i,
};
/** Words of the model's second position that are always a trim, never the model's. */
const NEVER_MODEL = /^(sport|cross)$/i;
/** The first words whose "Sport"/"Cross" belong to the model (Bronco Sport, Range Rover Sport, Corolla Cross). */
const SPORT_MODELS = /^(bronco|rover|range|outlander|corolla|eclipse)$/i;

/** Drivetrain, engine, body and condition words: not part of a trim as compared. */
const NOT_TRIM =
  /^(fwd|awd|4wd|2wd|rwd|4x4|4x2|\d\.\d[lt]?|v6|v8|i4|l4|turbo|sedan|coupe|hatchback|wagon|suv|convertible|van|minivan|pickup|truck|crew|cab|double|quad|extended|regular|supercrew|supercab|automatic|manual|cvt|4d|2d|4dr|2dr|gas|i-4|i-6)$/i;

const TITLE_BRANDS = /\b(salvage|rebuilt|reconstructed|flood(?:ed)?|lemon|branded title|junk title)\b/i;

/** A title read; null when it names no model year and maker, or they contradict the VIN's decode. */
export function readVehicleTitle(
  title: string,
  decode: { modelYear?: number; make?: string } = {},
): VehicleTitle | null {
  // A JSON-LD `name` may keep its HTML entity ("Town &amp; Country").
  const text = title.replace(/&amp;/gi, '&').replace(/\s+/g, ' ').trim().slice(0, 200);
  const found = text.match(/(?:^|[^\d$,.])(19[5-9]\d|20[0-4]\d)(?!\d)\s*(.*)$/);
  if (!found) return null;
  const year = Number(found[1]);
  if (decode.modelYear && (year - decode.modelYear) % 30 !== 0) return null;
  // The vehicle after its year; or, where a dealer platform writes the year after the model ("Toyota
  // Camry 2015 LE", "Toyota Camry2015") or last, from the maker before it on, the year left out.
  let vehicle = (found[2] as string).trim();
  if (!MAKE_AT_START.test(vehicle)) {
    const head = text.slice(0, (found.index ?? 0) + found[0].indexOf(found[1] as string));
    const at = head.search(MAKE_IN_TEXT);
    if (at < 0) return null;
    vehicle = `${head.slice(at).trim()} ${vehicle}`.trim();
  }
  // The rest up to a separator the sites put after the vehicle (" - $12,000", " | Dealer", " • 45k
  // miles", Craigslist's " $4,800 (Renton)", a card's words after it: TrueCar's "Great Price").
  const rest =
    vehicle
      .split(
        /\s[-–|•·]\s|\s?[|•·,(]\s?|\s[$€£]|\s(?:great|good|fair|excellent|high|low|no)\s(?:price|deal)\b/i,
      )[0]
      ?.trim() ?? '';
  const maker = rest.match(MAKE_AT_START);
  if (!maker) return null;
  const make = MAKES[(maker[1] as string).toLowerCase().replace(/[-\s]+/, ' ')];
  if (!make) return null;
  if (decode.make && !sameMaker(decode.make, make)) return null;
  const words = rest
    .slice((maker[1] as string).length)
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return null;
  let take = 1;
  const [first, second, third] = words as [string, string | undefined, string | undefined];
  if (second && MODEL_SECOND.test(second) && (!NEVER_MODEL.test(second) || SPORT_MODELS.test(first)))
    take = 2;
  else if (second && JOINS_NEXT.test(first)) take = 2;
  // "Range Rover Sport", "Land Cruiser" … and "Grand Cherokee L"? The third word only for Range Rover.
  if (take === 2 && /^range$/i.test(first) && third && /^(sport|evoque|velar)$/i.test(third)) take = 3;
  if (take === 1 && second && OWN_MODEL[first.toLowerCase()]?.test(second)) take = 2;
  // A model whose name holds "&" ("Town & Country"): the word after it is the model's too.
  if (take === 2 && second && /^(&|and)$/i.test(second) && third) take = 3;
  // Lexus' and Infiniti's letters and engine size name the model ("IS 350C", "ES 350", "GX 460").
  if (take === 1 && second && /^[a-z]{2}$/i.test(first) && /^\d{3}[a-z]{0,2}$/i.test(second)) take = 2;
  const model = words.slice(0, take).join(' ');
  const trimWords = words.slice(take).filter((w) => !NOT_TRIM.test(w.replace(/[.,]$/, '')));
  const brand = text.match(TITLE_BRANDS)?.[1]?.toLowerCase();
  return {
    year,
    make,
    model,
    ...(trimWords.length ? { trim: trimWords.slice(0, 3).join(' ') } : {}),
    ...(brand ? { titleBrand: brand.replace(/^flooded$/, 'flood') } : {}),
  };
}

/** Makers that share manufacturer codes: a decode's maker name and a title's are the same maker then. */
const GROUPS = [
  ['toyota', 'lexus', 'scion'],
  ['honda', 'acura'],
  ['nissan', 'infiniti'],
  ['chevrolet', 'gmc', 'buick', 'cadillac', 'pontiac', 'oldsmobile', 'saturn', 'hummer', 'general motors'],
  ['chrysler', 'dodge', 'ram', 'jeep', 'plymouth', 'fiat', 'fca'],
  ['ford', 'lincoln', 'mercury'],
  ['volkswagen', 'audi', 'porsche', 'bentley', 'lamborghini', 'skoda', 'seat', 'cupra'],
  ['renault', 'dacia', 'alpine'],
  ['peugeot', 'citroen', 'ds', 'opel', 'vauxhall'],
  ['mercedes', 'smart'],
  ['bmw', 'mini', 'rolls-royce'],
  ['hyundai', 'kia', 'genesis'],
  ['jaguar', 'land rover'],
];

/** Whether the decode's maker ("General Motors", "Toyota Motor") is the title's maker or its group's. */
function sameMaker(decoded: string, make: string): boolean {
  const a = decoded.toLowerCase();
  const b = make.toLowerCase();
  if (a.includes(b.split(/[-\s]/)[0] as string)) return true;
  const group = GROUPS.find((names) => names.some((n) => b.startsWith(n)));
  // A maker outside every group, not named by the decode: unsure, so the title's is kept.
  if (!group) return !GROUPS.some((names) => names.some((n) => a.includes(n)));
  return group.some((n) => a.includes(n)) || !GROUPS.some((names) => names.some((n) => a.includes(n)));
}

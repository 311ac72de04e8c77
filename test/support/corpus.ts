// The regression corpus (test/fixtures/corpus/): one page per site, each modelled on what real saved
// pages of that site show (each file's header says where its shape comes from). For each: every VIN
// the tab must list, and where each badge must be (the `data-oracle` of the element it sits in:
// the card, the text, or "page" for a badge pinned first on a page about one vehicle). A VIN listed
// but absent from `badges` must have no badge. One table for the DOM and the browser tests.
// Oracles name VINs in lower case: an upper-case VIN in the attribute would be one more occurrence.
import { placeOf } from './badge-place';

export interface CorpusPage {
  file: string;
  site: string;
  tab: string[];
  badges: Record<string, string>;
  /** Declarative shadow roots (<template shadowrootmode>): parse as a browser does. */
  shadow?: boolean;
}

export const CORPUS: CorpusPage[] = [
  {
    file: 'cars-com-search.html',
    site: 'cars.com search: page-level JSON attribute, data-vin on shadow hosts, URL-encoded links',
    shadow: true,
    tab: [
      '2T1BR30E36C599972',
      '5FNRL38297B007384',
      'JM1FE173540134610',
      'KNAE55LC7J6018811',
      'WAULFAFR6DA001366',
    ],
    badges: {
      '2T1BR30E36C599972': '2T1BR30E36C599972',
      '5FNRL38297B007384': '5FNRL38297B007384',
      JM1FE173540134610: 'JM1FE173540134610',
      KNAE55LC7J6018811: 'KNAE55LC7J6018811',
      WAULFAFR6DA001366: 'WAULFAFR6DA001366',
    },
  },
  {
    file: 'cars-com-vehicle.html',
    site: 'cars.com vehicle page: VIN in the subtitle, similar vehicles of the same model in data',
    tab: ['5N1AL0MM8DC306971', '5N3ZA0NE1AN908084', '5N3ZA0NE8AN903142'],
    badges: { '5N3ZA0NE8AN903142': '5N3ZA0NE8AN903142' },
  },
  {
    file: 'carvana-vehicle.html',
    site: 'Carvana vehicle page: the VIN only in __NEXT_DATA__, no <h1>, similar vehicles in data',
    tab: ['1B7HF16Y4TS518710', '1FTEF14N5KNB35920', '1GCHK29U21E231713'],
    badges: { '1FTEF14N5KNB35920': 'page' },
  },
  {
    file: 'carsandbids-auction.html',
    site: 'Cars & Bids auction: quick facts <dl>, a Carfax link with the VIN',
    tab: ['WP0CB29874U669313'],
    badges: { WP0CB29874U669313: 'WP0CB29874U669313' },
  },
  {
    file: 'dealer-marketplace.html',
    site: 'dealer marketplace: text, data-vin cards, JSON-LD inside cards with repeated names',
    tab: [
      '1J4BA3H11AL173573',
      '1J4BA3H12AL171413',
      '1J4BA3H14AL172837',
      '2C3CCACG6CH275007',
      '2C3CCACG9CH273929',
      '5FNRL38247B006367',
      '5FNRL38297B007384',
      'WAULFAFR8DA002471',
    ],
    badges: {
      '1J4BA3H11AL173573': '1J4BA3H11AL173573',
      '1J4BA3H12AL171413': '1J4BA3H12AL171413',
      '1J4BA3H14AL172837': '1J4BA3H14AL172837',
      '2C3CCACG6CH275007': '2C3CCACG6CH275007',
      '2C3CCACG9CH273929': '2C3CCACG9CH273929',
      '5FNRL38247B006367': '5FNRL38247B006367',
      '5FNRL38297B007384': '5FNRL38297B007384',
    },
  },
  {
    file: 'carmax-search.html',
    site: 'CarMax search: VINs in a script literal, tiles drawn later, a title naming a model',
    tab: ['1C4GJWAG3DL544796', '1J4BA3H12AL171413', '1J4FA29P3YP729948'],
    badges: {},
  },
  {
    file: 'truecar-search.html',
    site: 'TrueCar search: "VIN<VIN>" text, data-test-item, image URLs, __NEXT_DATA__, JSON-LD',
    tab: ['5XYKTCA62DG346197', 'WAULF78K19N037307'],
    badges: { '5XYKTCA62DG346197': '5XYKTCA62DG346197', WAULF78K19N037307: 'WAULF78K19N037307' },
  },
  {
    file: 'cargurus-search.html',
    site: 'CarGurus search: visually hidden <dl>, deal-score decimals that pass the check digit',
    tab: ['2T1BR30E36C599972', '2T1BR30E46C591864'],
    badges: { '2T1BR30E36C599972': '2T1BR30E36C599972', '2T1BR30E46C591864': '2T1BR30E46C591864' },
  },
  {
    file: 'ebay-item.html',
    site: 'eBay Motors item: item specifics label, 17-digit item and tracking ids',
    tab: ['JM1FE173140136855'],
    badges: { JM1FE173140136855: 'JM1FE173140136855' },
  },
  {
    file: 'autotrader-carousel.html',
    site: 'Autotrader search: embedded state only, cards by listingId links, a carousel without cards',
    tab: ['1B4GP54RXVB379372', '1G1JC1440PZ215164', 'JH4DB7568SS006474', 'JNKCV51F54M711589'],
    badges: {
      '1B4GP54RXVB379372': '1B4GP54RXVB379372',
      JH4DB7568SS006474: 'JH4DB7568SS006474',
      JNKCV51F54M711589: 'JNKCV51F54M711589',
    },
  },
  {
    file: 'autotrader-carousel-twice.html',
    site: 'Autotrader search: a listing both in the dealer carousel and in the results',
    tab: ['1B4GP54RXVB379372', '1G1JC1440PZ215164', 'JH4DB7568SS006474', 'JNKCV51F54M711589'],
    badges: {
      '1B4GP54RXVB379372': '1B4GP54RXVB379372',
      '1G1JC1440PZ215164': '1G1JC1440PZ215164',
      JH4DB7568SS006474: 'JH4DB7568SS006474',
      JNKCV51F54M711589: 'JNKCV51F54M711589',
    },
  },
  {
    file: 'autotrader-search-2020.html',
    site: "Autotrader search, 2020: a result whose one record (in the carousel's array) is large, ids last",
    tab: ['1B4GP54RXVB379372', '1G1JC1440PZ215164', 'JH4DB7568SS006474', 'JNKCV51F54M711589'],
    badges: {
      '1B4GP54RXVB379372': '1B4GP54RXVB379372',
      JH4DB7568SS006474: 'JH4DB7568SS006474',
      JNKCV51F54M711589: 'JNKCV51F54M711589',
    },
  },
  {
    file: 'autotrader-showcase-dealer.html',
    site: "Autotrader search: the dealer showcase card, whose dealer's logo another result's record holds",
    tab: [
      '1B4HS28N51F542134',
      '1C41JUEJ6NC004408',
      '1C41JUEJ7NC002943',
      '1C4GJWAG3DL544796',
      '1J4BA3H11AL173573',
      '1J4BA3H12AL171413',
      '1J4BA3H14AL172837',
      '2C3CCACG6CH275007',
      '2C3CCACG9CH273929',
      '2D8GP44L05R217097',
      '4JGAB54E11A277331',
      '4T1BB3EK5AU118081',
      '5N1AL0MM8DC306971',
      '5N3ZA0NE1AN908084',
      'KM8JN72D07U585496',
      'WAULFAFR6DA001366',
    ],
    badges: {
      '1C41JUEJ7NC002943': '1C41JUEJ7NC002943',
      WAULFAFR6DA001366: 'WAULFAFR6DA001366',
      '4T1BB3EK5AU118081': '4T1BB3EK5AU118081',
      '1C41JUEJ6NC004408': '1C41JUEJ6NC004408',
      KM8JN72D07U585496: 'KM8JN72D07U585496',
    },
  },
  {
    file: 'eu-auction-adobe.html',
    site: "European auction lot: the VIN only in an Adobe data layer's vehicle (vin, vrm, make, model)",
    tab: ['WF0NXXGCHNJR12345'],
    badges: { WF0NXXGCHNJR12345: 'page' },
  },
  {
    file: 'classifieds-1979.html',
    site: 'classifieds: a 1979 car whose "vin" field holds a serial (no year code, no check digit)',
    tab: [],
    badges: {},
  },
  {
    file: 'eu-auction-lot.html',
    site: 'European auction lot: a European VIN only in an analytics dataLayer literal, no <h1>',
    tab: ['WDD2040481A712345'],
    badges: { WDD2040481A712345: 'page' },
  },
];

/** Where a badge host sits: the oracle of its nearest marked ancestor, "page" first in <body>. */
export const oracleOf = (badge: Element) =>
  placeOf(badge) === badge.ownerDocument.body
    ? 'page'
    : (badge.closest('[data-oracle]')?.getAttribute('data-oracle')?.toUpperCase() ?? 'elsewhere');

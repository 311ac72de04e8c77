// The pages of the card-verdict e2e tests (issue 64: one card in each state, Chromium and Firefox):
// a cars.com results page of eight real seed vehicles, cards in the shape of
// test/fixtures/listings/cars-com-search.html (a.vehicle-card-link whose ::after covers the card,
// h2.title, div.mileage "N mi.", span.primary-price "$N", div.dealer-name, the VIN in
// spark-button[data-vin]), two columns so every card is in view at 1280x800; and an Autotrader
// results page in the same shape (its host is what makes it another site) listing the Lexus for less.
// The cars.com results container carries the page's vehicles in its entity-encoded data-site-activity
// JSON, as the real one does (docs/site-evidence.md), one more among them than the cards: a vehicle
// the tab lists with no card (the popup says so).
// What each card shows is `shown`, changed by a test as listings change between visits. A page
// script counts the mutation records on each badge's host from the first byte, as a page's own
// MutationObserver would see them (the walls: identical whatever the pill says).
import { resettable } from './fixture-state';

export const VERDICTS_URL = 'https://www.cars.com/shopping/results/?stock_type=used&zip=60606&page_size=8';
export const AUTOTRADER_URL =
  'https://www.autotrader.com/cars-for-sale/all-cars/chicago-il?searchRadius=50&zip=60606';

export const RAM = '1C6RD6FT1CS310366';
export const EXPLORER = '1FMDU34X7PUD75574';
export const CRUZE = '1G1PG5SC3C7167133';
export const LEXUS = 'JTHFE2C23A2509749';
export const AUDI = 'WAULFAFR6DA001366';
export const CAMRY = '4T1BB3EK5AU118081';
export const SONATA = '5NPEB4AC9DH571382';
export const ACURA = 'JH4DC4340RS003205';
/** In the results' data only (a sponsored vehicle the page lists in data-site-activity, no card). */
export const ODYSSEY = '5FNRL38297B007384';

/** Each card: its title and dealer as the results show them, and its price and miles now (the
 * Explorer's above the 406,329 mi its held providerA report last read: no mileage warning). */
export const shown: Record<string, { title: string; dealer: string; price: number; miles: number }> =
  resettable({
    [RAM]: { title: '2012 Ram 1500 Laramie', dealer: 'Lakeside Chrysler', price: 18_995, miles: 112_000 },
    [EXPLORER]: { title: '1993 Ford Explorer XLT', dealer: 'Prairie Cars', price: 3_450, miles: 412_000 },
    [CRUZE]: { title: '2012 Chevrolet Cruze LT', dealer: 'Midway Motors', price: 6_990, miles: 97_400 },
    [LEXUS]: { title: '2010 Lexus IS 350C', dealer: 'Oak Brook Imports', price: 11_460, miles: 88_000 },
    [AUDI]: {
      title: '2013 Audi A5 Premium Plus',
      dealer: 'Westfield Auto Mall',
      price: 13_495,
      miles: 61_000,
    },
    [CAMRY]: { title: '2010 Toyota Camry LE', dealer: 'Elgin Toyota', price: 7_450, miles: 142_000 },
    [SONATA]: { title: '2013 Hyundai Sonata GLS', dealer: 'South Loop Motors', price: 8_200, miles: 91_000 },
    [ACURA]: { title: '1994 Acura Integra RS', dealer: 'Grand Avenue Autos', price: 9_900, miles: 180_000 },
  });
/** What each pill says on the second visit, before any panel is opened (kind, icon shape, words). */
export const FIRST_PILLS: Record<string, string> = {
  [RAM]: 'pill warn | icon alert | Mileage dropped',
  [LEXUS]: 'pill good | icon down | $460 less elsewhere',
  [AUDI]: 'pill good | icon down | Price down $500',
  [EXPLORER]: 'pill held | icon check | Report held',
  [CRUZE]: 'pill held | icon check | Report held',
  [CAMRY]: 'pill held | icon check | Report held',
  [SONATA]: 'pill none | icon dot | No history yet',
  [ACURA]: 'pill none | icon dot | No history yet',
};

/** The visits before: the results at their first prices and miles, then the new ones (the Ram's card
 * says 98,000 mi, it said 112,000; the Audi's $500 less). */
export const firstVisit = () => {
  Object.assign(shown[RAM] as object, { miles: 112_000 });
  Object.assign(shown[AUDI] as object, { price: 13_495 });
};
export const secondVisit = () => {
  Object.assign(shown[RAM] as object, { miles: 98_000 });
  Object.assign(shown[AUDI] as object, { price: 12_995 });
};

/** The Lexus on Autotrader. */
export const elsewhere = resettable({ price: 11_000, miles: 88_000 });

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

const card = (
  vin: string,
  site: 'cars' | 'autotrader',
  s: { title: string; dealer: string; price: number; miles: number },
) =>
  `<div class="vehicle-card" data-listing-id="v-${vin}">
  <a class="vehicle-card-link" href="${site === 'cars' ? `/vehicledetail/v-${vin.toLowerCase()}/` : `/cars-for-sale/vehicle/7${vin.slice(-6)}`}"><h2 class="title">${s.title}</h2></a>
  <div class="mileage">${s.miles.toLocaleString('en-US')} mi.</div>
  <div class="price-section"><span class="primary-price">${money(s.price)}</span></div>
  <div class="dealer-name"><strong>${s.dealer}</strong></div>
  <spark-button data-vin="${vin}">Check availability</spark-button>
</div>`;

// The page's own script: every mutation record whose target is a badge's host, by VIN, from the start.
const COUNTER = `<script>
  window.vhlHostRecords = {};
  new MutationObserver((records) => {
    for (const r of records) {
      const vin = r.target.getAttribute && r.target.getAttribute('data-vhl-vin');
      if (!vin) continue;
      (window.vhlHostRecords[vin] ||= []).push(r.type + ':' + (r.attributeName || ''));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
</script>`;

/** The results' data-site-activity: cars.com's shape ({page_type, vehicleArray: [{listing_id, vin, price, stock_type}]}). */
const activity = () =>
  JSON.stringify({
    page_type: 'srp',
    vehicleArray: [
      ...Object.entries(shown).map(([vin, s]) => ({
        listing_id: `v-${vin}`,
        vin,
        price: s.price,
        stock_type: 'used',
      })),
      { listing_id: `v-${ODYSSEY}`, vin: ODYSSEY, price: 6_450, stock_type: 'used' },
    ],
  }).replaceAll('"', '&quot;');

const page = (title: string, cards: string, data = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${COUNTER}<style>
  body { margin: 0; font: 14px sans-serif; color: #222; background: #fff; }
  .results { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; padding: 16px; }
  .vehicle-card { position: relative; padding: 10px 12px; border: 1px solid #ddd; border-radius: 6px; }
  .vehicle-card-link { color: #1b1b6f; text-decoration: none; }
  .vehicle-card-link::after { content: ''; position: absolute; inset: 0; z-index: 1; }
  .title { font-size: 16px; margin: 0 0 4px; } .primary-price { font-weight: 700; font-size: 18px; }
  .dealer-name { color: #555; font-size: 12px; }
</style></head><body><main><div class="results"${data}>${cards}</div></main></body></html>`;

/** The page a request is answered with; null for any other. */
export function verdictPage(href: string): string | null {
  const url = new URL(href);
  if (url.hostname === 'www.cars.com' && url.pathname.startsWith('/shopping/results'))
    return page(
      'Used Cars for Sale Near Chicago, IL | Cars.com',
      Object.entries(shown)
        .map(([vin, s]) => card(vin, 'cars', s))
        .join('\n'),
      ` data-site-activity="${activity()}"`,
    );
  if (url.hostname === 'www.autotrader.com' && url.pathname.startsWith('/cars-for-sale/all-cars'))
    return page(
      'Used Cars for Sale in Chicago, IL | Autotrader',
      card(LEXUS, 'autotrader', {
        ...(shown[LEXUS] as (typeof shown)[string]),
        ...elsewhere,
        dealer: 'Northshore Lexus',
      }),
    );
  return null;
}

/** Run in the page: the mutation records its own script saw on each badge's host, by VIN. */
export const hostRecords = () =>
  (window as unknown as { vhlHostRecords: Record<string, string[]> }).vhlHostRecords;

/** Run in the page: each badge host's box as the page measures it (width, height), by VIN. */
export const hostSizes = () =>
  Object.fromEntries(
    [...document.querySelectorAll('[data-vhl-vin]')].map((h) => {
      const r = h.getBoundingClientRect();
      return [h.getAttribute('data-vhl-vin'), `${Math.round(r.width)}x${Math.round(r.height)}`];
    }),
  );

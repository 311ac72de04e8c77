// The pages of the fair-price e2e tests (market-gauge.test.ts), answered at the sites' real addresses:
// a cars.com results page listing 30 real 2013 Camry sales (test/fixtures/market/camry-2013.ts) in the
// shape of test/fixtures/listings/cars-com-search.html (h2.title, div.mileage "N mi.", span.primary-price
// "$N", the VIN in spark-button[data-vin]), the 31st Camry's own cars.com page in the shape of
// test/fixtures/memory/cars-com-detail.html, and a Toronto Craigslist posting of a 2013 Camry (prices in
// Canadian dollars, odometers in km: lib/memory/site-money.ts) in the shape of
// test/fixtures/listings/craigslist-posting.html. The results are ten dealers' (cars.com names each
// card's dealer in `div.dealer-name`), three cars each, as a real results page mixes them, and a
// block of six dearer Camrys the page never shows (`display:none`, as DealerCenter's hidden mobile
// list is: docs/listing-evidence.md), which the gauge must never count (issue 61): priced within the
// fit's reach ($14,400-$14,900 at 40,000-45,000 mi), counted they would make 30 comparables, not 27.

import { expectedCheckDigit } from '../../../lib/vin/vin-syntax';
import { CAMRYS_2013 } from '../../fixtures/market/camry-2013';

export const RESULTS_URL =
  'https://www.cars.com/shopping/results/?makes[]=toyota&models[]=toyota-camry&year_max=2014&year_min=2012';
export const TARGET = CAMRYS_2013[30] as (typeof CAMRYS_2013)[number];
export const TARGET_URL = 'https://www.cars.com/vehicledetail/7c1d2e3f-0031-4b5a-9c8d-camry2013031/';
/** A real 2013 Camry VIN of the data set, listed in Toronto only. */
export const CANADIAN = CAMRYS_2013[31]?.vin as string;
export const CANADIAN_URL =
  'https://toronto.craigslist.org/tor/cto/d/toronto-2013-toyota-camry-le/7801234567.html';
/** What the target's own page asks: $2,000 under what it sold for at auction. */
export const TARGET_PRICE = TARGET.price - 2000;

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

/** The results' dealers, three cars each; the target's own page is the first's. */
export const DEALERS = [
  'Lakeside Toyota',
  'Northshore Toyota',
  'Westfield Auto Mall',
  'Midway Motors',
  'Elgin Toyota',
  'Prairie Cars',
  'Grand Avenue Autos',
  'River North Toyota',
  'Oak Brook Imports',
  'South Loop Motors',
];

/** Six 2013 Camry VINs of the hidden block (made with their check digits; never shown). */
export const HIDDEN_VINS = Array.from({ length: 6 }, (_, i) => {
  const vin = `4T1BF1FK0DU90000${i}`;
  return `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;
});

function resultsPage(): string {
  const hidden = HIDDEN_VINS.map(
    (vin, i) => `<div class="vehicle-card" data-listing-id="h2013-${i}">
  <a class="vehicle-card-link" href="/vehicledetail/h2013-${i}/"><h2 class="title">2013 Toyota Camry SE</h2></a>
  <div class="mileage">${(40_000 + i * 1_000).toLocaleString('en-US')} mi.</div>
  <div class="price-section"><span class="primary-price">${money(14_400 + i * 100)}</span></div>
  <div class="dealer-name"><strong>Hidden Block Motors</strong></div>
  <spark-button data-vin="${vin}">Check availability</spark-button>
</div>`,
  ).join('\n');
  const cards = CAMRYS_2013.slice(0, 30)
    .map(
      (car, i) => `<div class="vehicle-card" data-listing-id="c2013-${i}">
  <p class="stock-type">Used</p>
  <a class="vehicle-card-link" href="/vehicledetail/c2013-${i}/"><h2 class="title">2013 Toyota Camry ${car.trim}</h2></a>
  <div class="mileage">${car.miles.toLocaleString('en-US')} mi.</div>
  <div class="price-section"><span class="primary-price">${money(car.price)}</span></div>
  <p class="monthly">Est. $${Math.round(car.price / 48)}/mo</p>
  <div class="dealer-name"><strong>${DEALERS[i % DEALERS.length]}</strong></div>
  <div class="miles-from">Chicago, IL (${5 + i} mi.)</div>
  <spark-button data-vin="${car.vin}">Check availability</spark-button>
</div>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Used Toyota Camry for sale | cars.com shape</title>
<style>.vehicle-card { position: relative; border: 1px solid #ddd; margin: 12px; padding: 12px; width: 360px; font: 14px sans-serif; display: inline-block; vertical-align: top; }
.vehicle-card-link::after { content: ''; position: absolute; inset: 0; z-index: 1; }</style></head>
<body><div class="vehicle-cards">${cards}</div><div class="mobile-list" style="display:none">${hidden}</div></body></html>`;
}

function targetPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Used 2013 Toyota Camry ${TARGET.trim} for sale | cars.com shape</title></head>
<body><section class="listing-overview">
<h1 class="listing-title">Used 2013 Toyota Camry ${TARGET.trim}</h1>
<p class="vehicle-subtitle">VIN: ${TARGET.vin} / Stock #: 2031C</p>
<p class="dealer-name">${DEALERS[0]}</p>
<div class="price-section"><span class="monthly-payment">Est. $231/mo</span> <span class="primary-price">${money(TARGET_PRICE)}</span></div>
<div class="listing-mileage">${TARGET.miles.toLocaleString('en-US')} mi.</div>
</section>
<section class="seller-info"><h2>Seller</h2><p>${DEALERS[0]}, Chicago, IL</p></section>
</body></html>`;
}

function canadianPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>2013 Toyota Camry LE - cars &amp; trucks - by owner</title></head><body>
<section class="body">
<h1 class="postingtitle"><span class="postingtitletext"><span id="titletextonly">2013 Toyota Camry LE</span> <span class="price">$14,900</span> <small>(Toronto)</small></span></h1>
<div class="mapAndAttrs"><div class="attrgroup">
  <div class="attr auto_year_mm"><span class="valu year">2013</span> <span class="valu makemodel">toyota camry</span></div>
  <div class="attr auto_vin"><span class="labl">VIN:</span> <span class="valu">${CANADIAN}</span></div>
  <div class="attr auto_miles"><span class="labl">odometer:</span> <span class="valu">92,800</span></div>
  <div class="attr auto_title_status"><span class="labl">title status:</span> <span class="valu">clean</span></div>
</div></div>
<section id="postingbody">One owner, winter tires included. Safety certified. $100 deposit holds it.</section>
</section></body></html>`;
}

/** The page a request is answered with; null for any other address. */
export function marketPage(url: string): string | null {
  if (url.startsWith('https://www.cars.com/shopping/results/')) return resultsPage();
  if (url.startsWith(TARGET_URL)) return targetPage();
  if (url.startsWith('https://toronto.craigslist.org/')) return canadianPage();
  return null;
}

/**
 * Scrolls a page through as a shopper does, a screen at a time, each screen drawn before the next
 * (its cards are seen only then): three frames after the scroll (the scroll's look, the observer's
 * report) and a glance. A loaded machine's late frames once let a card pass unseen (26 of 27 in CI).
 */
export async function scrollThrough(tab: {
  evaluate<T>(fn: (arg: number) => T, arg: number): Promise<T>;
}): Promise<void> {
  const height = await tab.evaluate(() => document.body.scrollHeight, 0);
  for (let y = 0; y <= height; y += 600) {
    await tab.evaluate(
      (top) =>
        new Promise<void>((resolve) => {
          window.scrollTo(0, top);
          const frames = (n: number): unknown =>
            n ? requestAnimationFrame(() => frames(n - 1)) : setTimeout(resolve, 150);
          frames(3);
        }),
      y,
    );
  }
}

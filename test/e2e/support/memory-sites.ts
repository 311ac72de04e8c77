// The two listing sites of the memory's e2e tests (vehicle-memory.test.ts in Chromium,
// firefox-vehicle-memory.test.ts): one Cruze on cars.com and on Autotrader at their real addresses,
// pages modelled on the sites' shapes (test/fixtures/memory/, each file's header says from what), and
// what each shows now, changed by a test as the listings change.
import { readFileSync } from 'node:fs';
import { resettable } from './fixture-state';

export const CRUZE = '1G1PG5SC3C7167133';
export const CARS_URL = 'https://www.cars.com/vehicledetail/5b1f0c2e-8d41-4c55-9a3e-2b6f4f1c7a10/';
export const AUTOTRADER_URL =
  'https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=568474801&zip=30301';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/memory/${name}`, import.meta.url), 'utf8');

/** The page with its {{NAME}}s filled (in the page's markup; its header comment names them too). */
const filled = (html: string, values: Record<string, string>) => {
  const body = html.indexOf('<html');
  return (
    html.slice(0, body) + html.slice(body).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
  );
};

/** What each site shows now. */
export const shown = resettable({
  cars: { price: '$12,500', mileage: '60,000 mi.', status: '' },
  autotrader: { price: 11900, mileage: '60,300' },
});

/** The page a request to either site is answered with, as each shows the Cruze now; null for any other. */
export function sitePage(url: string): string | null {
  if (url.startsWith('https://www.cars.com/'))
    return filled(fixture('cars-com-detail.html'), {
      PRICE: shown.cars.price,
      MILEAGE: shown.cars.mileage,
      STATUS: shown.cars.status,
    });
  if (url.startsWith('https://www.autotrader.com/'))
    return filled(fixture('autotrader-detail.html'), {
      PRICE: String(shown.autotrader.price),
      PRICE_TEXT: shown.autotrader.price.toLocaleString('en-US'),
      MILEAGE: shown.autotrader.mileage,
    });
  return null;
}

/** The memory's stores counted, run in an extension page (the extension's own origin). */
export const countMemory = () =>
  new Promise<{ listings: number; watched: number }>((resolve, reject) => {
    const open = indexedDB.open('vin-history-library');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(['listings', 'watched']);
      const listings = tx.objectStore('listings').count();
      const watched = tx.objectStore('watched').count();
      tx.oncomplete = () => resolve({ listings: listings.result, watched: watched.result });
    };
  });

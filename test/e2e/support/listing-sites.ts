// Two real results pages for the memory's traps (issue 54), served at their real addresses: cars.com
// and TrueCar search results (test/fixtures/listings/, each header naming the section of
// docs/listing-evidence.md and site-evidence.md it follows: the discount line before TrueCar's price,
// cars.com's price drop and "$N under", every distance wording, and both sites' stretched card links
// over the cards). The same Audi is on both; a test changes what TrueCar shows of it.
import { readFileSync } from 'node:fs';
import { resettable } from './fixture-state';

export const AUDI = 'WAULFAFR6DA001366';
export const CARS_RESULTS = 'https://www.cars.com/shopping/results/?stock_type=used&zip=98101';
export const TRUECAR_RESULTS = 'https://www.truecar.com/used-cars-for-sale/listings/?buyOnline=true';
/** cars.com results whose cards draw layers at z-index 10 and 20 (issue 62 §2), and their VINs. */
export const CARS_LAYERS = 'https://www.cars.com/shopping/used-seattle-wa/';
export const LAYER_VINS = ['WAULFAFR6DA001366', '5FNRL38297B007384', '1C41JUEJ6NC004408'];

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/listings/${name}`, import.meta.url), 'utf8');

/** What TrueCar's card shows of the Audi now (the fixture's own figures by default). */
export const truecarShows = resettable({ mileage: '48,260 miles' });

/** The page a request to either site is answered with; null for any other. */
export function resultsPage(url: string): string | null {
  if (url.startsWith(CARS_LAYERS)) return fixture('cars-com-results-layers.html');
  if (url.startsWith('https://www.cars.com/shopping/')) return fixture('cars-com-search.html');
  if (url.startsWith('https://www.truecar.com/used-cars-for-sale/listings/'))
    return fixture('truecar-search.html').replace('48,260 miles', truecarShows.mileage);
  return null;
}

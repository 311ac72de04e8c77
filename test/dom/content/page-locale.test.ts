// What a page on a site the user added says of its own currency and units (issue 62 §3): the
// content script reads its language tag's region and its prices' currency code (pageLocale), the
// background decides with the site's country domain first (siteMoney) and reads the card
// (readCard). A KSL-shaped card (docs/listing-evidence.md, "KSL Classifieds, search": "$N" and
// "Mileage: N,NNN" with no unit) is read as US dollars and miles when the page or the card says US,
// as CAD and km on a .ca site whatever its language tag, and left unsaid when nothing says.
import { afterEach, describe, expect, it } from 'vitest';
import { pageLocale } from '@/entrypoints/vin.content/detect/listing-notes';
import { regionOf } from '@/lib/memory/page-locale';
import { readCard, type Snippet } from '@/lib/memory/read-card';
import { siteMoney } from '@/lib/memory/site-money';

const KSL: Snippet[] = [
  ['div listing-detail-line price < div listing', '$8,900'],
  ['div listing-detail-line mileage < div listing', 'Mileage: 121,400'],
  ['div listing-detail-line < div listing', '3 Days'],
];

function page(lang: string, head = '') {
  document.documentElement.lang = lang;
  document.head.innerHTML = head;
  return pageLocale(document);
}

afterEach(() => {
  document.documentElement.lang = '';
  document.head.innerHTML = '';
});

describe("a page's own word on its currency and units", () => {
  it('the region of the language tag, a Content-Language meta or og:locale; none from a bare language', () => {
    expect(page('en-US')).toEqual({ region: 'US' });
    expect(page('en', '<meta property="og:locale" content="en_US">')).toEqual({ region: 'US' });
    expect(page('', '<meta http-equiv="Content-Language" content="fr-CA">')).toEqual({ region: 'CA' });
    expect(page('en')).toEqual({});
    expect(regionOf('es-419')).toBeUndefined();
    expect(regionOf('zh-Hant-TW')).toBe('TW');
    expect(page('en', '<meta itemprop="priceCurrency" content="usd">')).toEqual({ currency: 'USD' });
    expect(page('en', '<meta property="product:price:currency" content="dollars">')).toEqual({});
  });

  it('a US page of a site the user added: "$8,900" and "Mileage: 121,400" are US dollars and miles', () => {
    const rules = siteMoney('classifieds.ksl.com', page('en-US'));
    expect(readCard(KSL, {}, rules)).toEqual({ price: 8900, currency: 'USD', mileage: 121400, unit: 'mi' });
  });

  it("never across a border: a .ca site's $ is CAD and its odometer km, whatever language tag its page has", () => {
    const rules = siteMoney('www.kijiji.ca', page('en-US'));
    expect(readCard(KSL, {}, rules)).toEqual({ price: 8900, currency: 'CAD', mileage: 121400, unit: 'km' });
    // A curated US site keeps its own rules.
    expect(siteMoney('www.cars.com', { region: 'CA' })).toMatchObject({ dollar: 'USD', odometer: 'mi' });
    // A page naming its prices' currency is believed first.
    expect(siteMoney('dealer.example.com', { region: 'US', currency: 'CAD' })).toMatchObject({
      dollar: 'CAD',
      odometer: 'mi',
    });
    // A British page: its "$" is nobody's dollar, its odometer miles.
    expect(siteMoney('dealer.example.com', { region: 'GB' })).toMatchObject({ dollar: null, odometer: 'mi' });
  });

  it("the card's own US place says so too; a Canadian place or a bare page says nothing", () => {
    const bare = siteMoney('classifieds.ksl.com', page('en'));
    const at = (place: string) =>
      readCard([...KSL, ['div listing-detail-line location < div listing', place]], {}, bare);
    expect(at('Provo, UT')).toMatchObject({ currency: 'USD', unit: 'mi' });
    expect(at('Salt Lake City, UT 84101')).toMatchObject({ currency: 'USD', unit: 'mi' });
    expect(at('Fresno, CA 93650')).toMatchObject({ currency: 'USD', unit: 'mi' });
    expect(at('Toronto, ON')).toMatchObject({ currency: null, unit: null });
    expect(at('Toronto, CA')).toMatchObject({ currency: null, unit: null });
    expect(readCard(KSL, {}, bare)).toEqual({ price: 8900, currency: null, mileage: 121400, unit: null });
  });
});

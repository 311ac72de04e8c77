// Pages for measuring the badge from a listing page's own script (issue 55): a cars.com results card
// (test/fixtures/listings/cars-com-search.html's shape, one card, the same layout whatever its
// vehicle) at its real address, the vehicle and its miles taken from the address so that two
// vehicles' pages differ in nothing else; the page goes on below it (a wheel could scroll it).
// The page's own script: each mutation record on a badge's host, from the first byte (issue 64: a
// pill whose words change must write nothing a page's MutationObserver sees).
const COUNTER = `<script>
  window.vhlHostRecords = [];
  new MutationObserver((records) => {
    for (const r of records)
      if (r.target.localName === 'vhl-badge') window.vhlHostRecords.push(r.type + ':' + (r.attributeName || ''));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
</script>`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${COUNTER}<style>
  body { margin: 0; font: 14px sans-serif; } .vehicle-card { position: relative; margin: 40px; padding: 12px; width: 360px; border: 1px solid #ddd; }
  .vehicle-card-link::after { content: ''; position: absolute; inset: 0; z-index: 1; }
</style></head><body>${body}</body></html>`;

/** The page a request to cars.com is answered with; null for any other. */
export function boxPage(href: string): string | null {
  const url = new URL(href);
  const vin = url.searchParams.get('vin') ?? '';
  const miles = Number(url.searchParams.get('miles') ?? 0).toLocaleString('en-US');
  const title = url.searchParams.get('title') ?? 'Used car';
  if (url.hostname === 'www.cars.com')
    return page(
      'Used cars for sale | cars.com shape',
      `<div class="vehicle-card" data-listing-id="box-${vin}"><p class="stock-type">Used</p>
<a class="vehicle-card-link" href="/vehicledetail/box-${vin}/"><h2 class="title">${title}</h2></a>
<div class="mileage">${miles} mi.</div><div class="price-section"><span class="primary-price">$12,995</span></div>
<div class="miles-from">Bellevue, WA (9 mi.)</div><spark-button data-vin="${vin}">Check availability</spark-button></div>
<div class="more-results" style="height: 3000px">More results below</div>`,
    );
  return null;
}

export const carsPage = (vin: string, miles: number, title: string) =>
  `https://www.cars.com/shopping/results/?vin=${vin}&miles=${miles}&title=${encodeURIComponent(title)}`;

/** Run in the page: the badge's boxes as the page's own script can measure them. */
export const measureBadge = (vin: string) => {
  const host = document.querySelector(`[data-vhl-vin="${vin}"]`) as Element;
  const r = host.getBoundingClientRect();
  // Where a point over the page hits the badge (its open panel included, in the top layer).
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let y = 0; y < innerHeight; y += 2)
    for (let x = 0; x < innerWidth; x += 2)
      if (document.elementFromPoint(x, y) === host) {
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x);
        bottom = Math.max(bottom, y);
      }
  return {
    pill: [r.left, r.top, r.width, r.height].map(Math.round),
    hit: [left, top, right, bottom],
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  };
};

/**
 * Run in the page: capture listeners on the window, as a page's own script adds them, noting for each
 * Tab whether its keydown's default was prevented and what holds focus once it is done (at its keyup,
 * which comes after the browser moved focus and before the next key).
 */
export const watchTabs = () => {
  const seen: string[] = [];
  (window as unknown as { vhlSeenTabs: string[] }).vhlSeenTabs = seen;
  let down: KeyboardEvent | null = null;
  addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Tab') down = event;
    },
    true,
  );
  addEventListener(
    'keyup',
    (event) => {
      if (event.key !== 'Tab' || !down) return;
      seen.push(
        `${down.defaultPrevented ? 'prevented' : 'moved'} ${document.activeElement?.localName ?? 'none'}`,
      );
      down = null;
    },
    true,
  );
};

/** Run in the page: what watchTabs noted. */
export const seenTabs = () => (window as unknown as { vhlSeenTabs: string[] }).vhlSeenTabs;

/** The presses a stop count makes: Enter on the pill opens the panel, 12 Tabs, Escape, one Tab. */
export const TAB_PRESSES = 12;

/**
 * Run in the page: counts its scroll events from now, and where it is scrolled to; resolves after two
 * frames. A browser hit-tests a wheel against the last frame it painted: a panel that grew as its
 * last answer came (measured in the DOM) may not be painted yet on a loaded machine, and a wheel then
 * lands on the page beside it (Firefox, once in a full run: the page scrolled 400 px).
 */
export const watchScroll = () => {
  const seen = { events: 0, from: scrollY };
  (window as unknown as { vhlScroll: typeof seen }).vhlScroll = seen;
  addEventListener('scroll', () => seen.events++, true);
  return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
};

/** Run in the page: the scroll events watchScroll counted, and how far the page moved. */
export const seenScroll = () => {
  const seen = (window as unknown as { vhlScroll: { events: number; from: number } }).vhlScroll;
  return { events: seen.events, y: scrollY - seen.from };
};

/** Run in the page: the mutation records its own script saw on the badge's host, in order. */
export const seenHostRecords = () => (window as unknown as { vhlHostRecords: string[] }).vhlHostRecords;

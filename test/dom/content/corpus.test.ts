// The regression corpus (test/support/corpus.ts): pages modelled on ten real listing sites. On each,
// the tab lists exactly the page's VINs, and each vehicle's badge is where a shopper would look for
// it (its card, its text, or the top of a page about that one vehicle): nothing false, nothing lost.
import { afterEach, describe, expect, it } from 'vitest';
import { CORPUS, oracleOf } from '../../support/corpus';
import { scanFixture } from '../support/scan-fixture';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('regression corpus', () => {
  it.each(CORPUS.map((page) => [page.site, page] as const))('%s', async (_, page) => {
    const run = await scanFixture(`corpus/${page.file}`);
    stop = () => run.controller.abort();
    expect([...run.scanner.vins()].sort()).toEqual(page.tab);
    const placed = Object.fromEntries(run.badges().map((b) => [b.dataset.vhlVin, oracleOf(b)]));
    expect(placed).toEqual(page.badges);
    // One badge per vehicle, and no card that is not a vehicle's gets one.
    expect(run.badges()).toHaveLength(Object.keys(page.badges).length);
    for (const none of document.querySelectorAll('[data-oracle="none"]'))
      expect(none.querySelector('vhl-badge')).toBeNull();
  });

  it('parses declarative shadow roots as a browser does (the cars.com cards are shadow hosts)', async () => {
    const run = await scanFixture('corpus/cars-com-search.html');
    stop = () => run.controller.abort();
    expect(document.querySelector('template[shadowrootmode]')).toBeNull();
    expect(document.querySelector('spark-button[data-vin]')?.shadowRoot?.querySelector('a')).not.toBeNull();
  });
});

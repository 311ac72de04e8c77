// The badge as the page shows it: the pill (plain DOM, in the content script) and its panel (injected
// on the first click: here the same panel module, loaded directly). Free decode at once, record
// counts only on request, purchases only through the extension's own window.

import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { badgePanelApi } from '@/entrypoints/badge-panel/panel-api';
import { createToggle } from '@/entrypoints/vin.content/badge/badge-toggle';
import type { BadgeActions, BadgePanelApi } from '@/entrypoints/vin.content/badge/panel-contract';
import { createPill } from '@/entrypoints/vin.content/badge/pill';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { DecodeRow } from '@/lib/nhtsa/nhtsa-wire';
import { noFacts } from '@/lib/reports/facts/report-facts';
import type { ListingSays } from '@/lib/vin/listing-mismatch';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { decodeRow } from '@/simulator/nhtsa/nhtsa-app';
import { vinOf } from '../../../samples/vin-of';

afterEach(() => {
  fakeBrowser.reset();
  cleanup();
  document.body.replaceChildren();
});

const counts = {
  vin: '1C6RD6FT1CS310366',
  vehicle: { year: 2012, make: 'Ram', model: '1500 Laramie' },
  records: { providerA: 33, providerB: 37 },
};

/**
 * An element's words as the user sees them: text and the badge's generated words (`data-w`, CSS
 * content: pill.ts says why no account-dependent word is a text node).
 */
function words(el: Element | null | undefined): string {
  if (!el) return '';
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1) {
      const w = (node as Element).getAttribute('data-w');
      if (w !== null) parts.push(w);
      for (const child of node.childNodes) walk(child);
    }
  };
  walk(el);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The element showing these generated words, once it is drawn. */
const shownWords = (shadow: ShadowRoot, match: string | RegExp) =>
  waitFor(() => {
    const found = [...shadow.querySelectorAll('[data-w]')].find((el) => {
      const w = el.getAttribute('data-w') ?? '';
      return typeof match === 'string' ? w === match : match.test(w);
    });
    if (!found) throw new Error(`no words ${match}`);
    return found;
  });

function setup(
  overrides: Partial<BadgeActions> = {},
  props: { owned?: boolean; mismatch?: ListingSays | null; title?: string } = {},
  load: () => Promise<BadgePanelApi | string> = async () => badgePanelApi,
) {
  const actions: BadgeActions = {
    checkRecords: vi.fn(async () => ({ ok: true as const, value: counts })),
    openPurchase: vi.fn(async () => ({ ok: true as const, value: null })),
    openOwned: vi.fn(async () => ({ ok: true as const, value: null })),
    checkNewRecords: vi.fn(async () => ({
      ok: true as const,
      value: {
        counts,
        report: { provider: 'providerA' as const, id: '7', createdAt: '2026-11-01T11:00:00.000Z' },
        before: { providerA: 30, providerB: 37, at: 1 },
      },
    })),
    // A report read with 2 owners, no accidents and a clean title (the panel words it).
    ownedFacts: vi.fn(async () => ({
      ok: true as const,
      value: [
        {
          provider: 'providerA' as const,
          facts: {
            ...noFacts('providerA', 'A1'),
            owners: { value: 2, quote: '2 owners' },
            accidents: { value: { count: 0, worst: null }, quote: 'No accidents reported' },
            titleBrands: { value: [], quote: 'No problems reported' },
          },
        },
      ],
    })),
    history: vi.fn(async () => ({
      ok: true as const,
      value: { listings: [], current: null, report: null, watched: false, at: 0 },
    })),
    watch: vi.fn(async (_vin: string, on: boolean) => ({ ok: true as const, value: on })),
    forget: vi.fn(async () => ({ ok: true as const, value: null })),
    freeFacts: vi.fn(async () => ({ ok: true as const, value: { on: false as const } })),
    turnOnFreeFacts: vi.fn(async () => ({ ok: true as const, value: null })),
    ...overrides,
  };
  // As mount-badge.ts builds it, in a shadow root (open here, for the queries).
  const host = document.createElement('vhl-badge');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const decode = decodeVin(vinOf('1C6RD6FT1CS310366'), 2026);
  const pill = createPill(document, decode);
  const state = { counts: undefined, owned: props.owned ?? false, mismatch: props.mismatch ?? null };
  pill.show(state);
  const mount = document.createElement('div');
  pill.root.append(mount);
  shadow.append(pill.root);
  createToggle({
    pill,
    target: { shadow, mount, pill: pill.button },
    state,
    decode,
    actions,
    listing: { url: 'https://www.cars.com/vehicledetail/abc/', title: props.title ?? '2012 Ram 1500' },
    load,
    onOpen: () => {},
  });
  return { actions, ui: within(shadow as unknown as HTMLElement), shadow, pill: pill.button };
}

describe('badge', () => {
  it('shows the local decode without asking anything', async () => {
    const { actions, ui } = setup();
    fireEvent.click(ui.getByRole('button', { name: /Nothing known about this vehicle yet/ }));
    expect(await ui.findByText('1C6RD6FT1CS310366')).toBeTruthy();
    expect(ui.getByText('2012 · Ram · maker’s country: United States')).toBeTruthy();
    expect(actions.checkRecords).not.toHaveBeenCalled();
  });

  it('checks records only when asked, says it costs a record check; the pill then says the total, its box unchanged', async () => {
    const { actions, ui, shadow, pill } = setup();
    expect(words(pill)).toBe('VVIN History Lens: No history yet');
    fireEvent.click(pill);
    expect(
      await shownWords(
        shadow,
        /^Free: how many records each provider has. Uses 1 record check; many without a purchase can get your key revoked.$/,
      ),
    ).toBeTruthy();
    fireEvent.click(ui.getByRole('button', { name: 'Check records' }));
    expect(await shownWords(shadow, '33 records on file')).toBeTruthy();
    expect(await shownWords(shadow, '37 records on file')).toBeTruthy();
    expect(actions.checkRecords).toHaveBeenCalledTimes(1);
    // The pill says what is known (issue 64), never repeating the card's title; its box is the
    // same whatever it says (badge-style.ts: one width for its words, one box for its icon).
    expect(words(pill)).toBe('VVIN History Lens: 70 records');
    expect(pill.className).toBe('pill known');
    expect(pill.querySelector('.icon')?.className).toBe('icon list');
    expect(pill.getAttribute('aria-label')).toBe(
      'VIN History Lens: providerA 33 records, providerB 37 records.',
    );
  });

  it("names the providers as the user named them in the options: counts, a report's facts, new records", async () => {
    // The background's answer to the panel's one question, in @webext-core/messaging's wire format.
    fakeBrowser.runtime.onMessage.addListener(async (message: unknown) =>
      (message as { type: string }).type === 'getProviderNames'
        ? { res: { ok: true, value: { providerA: 'AutoLedger', providerB: 'TitleTrack' } } }
        : undefined,
    );
    const { ui, shadow, pill } = setup({}, { owned: true });
    fireEvent.click(pill);
    await waitFor(() => expect(words(ui.getByTestId('owned-facts'))).toMatch(/^AutoLedger: 2 owners/));
    fireEvent.click(ui.getByRole('button', { name: 'Check for new records · 1 record check' }));
    expect(words(await ui.findByTestId('since'))).toMatch(/^3 records added to AutoLedger since/);
    const checks = setup();
    fireEvent.click(checks.pill);
    fireEvent.click(await checks.ui.findByRole('button', { name: 'Check records' }));
    await waitFor(() =>
      expect(words(checks.shadow.querySelector('.counts'))).toBe(
        'AutoLedger33 records on fileTitleTrack37 records on file',
      ),
    );
    expect(words(shadow.firstElementChild)).not.toMatch(/providerA/);
  });

  it('shows the fair-price gauge among the findings with its figures, how it is worked out one click away; or nothing when it lacks cars', async () => {
    const market = {
      year: 2019,
      make: 'Honda',
      model: 'Accord',
      currency: 'USD',
      price: 18_600,
      mileageAdjusted: true,
      sellers: 23,
      sites: 2,
      days: 3,
    };
    const history = (extra: Pick<MarketAnswer, 'comparables' | 'gauge'>) => async () => ({
      ok: true as const,
      value: {
        listings: [],
        current: null,
        report: null,
        watched: false,
        at: 0,
        market: { ...market, ...extra },
      },
    });
    const { ui, pill } = setup({
      history: history({
        comparables: 23,
        gauge: { estimate: 20_000, low: 18_900, high: 21_300, comparables: 23, rating: 'good' },
      }),
    });
    fireEvent.click(pill);
    const line = await ui.findByTestId('fair-price');
    expect(words(line)).toBe(
      "Good price: $18,600 is $1,400 below the typical $20,000 for 23 similar 2017-2021 Honda Accords you've seen (mileage-adjusted); most ask $18,900-$21,300. How?",
    );
    expect(line.closest('[data-testid=findings]')).not.toBeNull();
    expect(line.classList.contains('good')).toBe(true);
    fireEvent.click(within(line).getByRole('button', { name: 'How is the price judged?' }));
    expect(words(line)).toMatch(/on this device from the listings you have seen.*Not an appraisal/);
    cleanup();
    document.body.replaceChildren();
    const few = setup({ history: history({ comparables: 5, gauge: null }) });
    fireEvent.click(few.pill);
    // What the gauge lacks is no line on the panel (issue 64: it said nothing on every panel).
    expect(await few.ui.findByRole('button', { name: 'Watch this vehicle' })).toBeTruthy();
    expect(few.ui.queryByTestId('fair-price')).toBeNull();
    expect(words(few.shadow.firstElementChild)).not.toMatch(/fair price|similar/i);
  });

  it("opens the extension's confirmation window, and never buys from the page", async () => {
    const { actions, ui, shadow, pill } = setup();
    fireEvent.click(pill);
    fireEvent.click(await ui.findByRole('button', { name: 'Check records' }));
    // The paid action names its cost; the balance is never shown to the page.
    fireEvent.click(await ui.findByRole('button', { name: 'Get a report · 1 credit…' }));
    expect(words(shadow.firstElementChild)).not.toMatch(/credits? left|balance/i);
    expect(await shownWords(shadow, /confirm there/)).toBeTruthy();
    expect(actions.openPurchase).toHaveBeenCalledWith('1C6RD6FT1CS310366');
  });

  it('shows a failed check with its message and lets the user try again', async () => {
    let calls = 0;
    const { ui, shadow, pill } = setup({
      checkRecords: async () =>
        ++calls === 1
          ? {
              ok: false,
              error: {
                kind: 'rate-limited',
                message: 'The service is limiting requests (HTTP 429). Try again in 60 s.',
              },
            }
          : { ok: true, value: counts },
    });
    fireEvent.click(pill);
    fireEvent.click(await ui.findByRole('button', { name: 'Check records' }));
    expect(words(await ui.findByRole('alert'))).toMatch(/Try again in 60 s/);
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }));
    expect(await shownWords(shadow, '33 records on file')).toBeTruthy();
  });

  it('turns a background that does not answer into a message, not a blank panel', async () => {
    const { ui, pill } = setup({
      checkRecords: async () => Promise.reject(new Error('Could not establish connection')),
    });
    fireEvent.click(pill);
    fireEvent.click(await ui.findByRole('button', { name: 'Check records' }));
    expect(words(await ui.findByRole('alert'))).toMatch(/did not answer \(Could not establish connection\)/);
  });

  it('marks a report held (a check icon, "Report held" until its facts are read), tells screen readers, and opens it free', async () => {
    const { actions, ui, shadow, pill } = setup({}, { owned: true });
    // Before the background's finding arrives: held; the panel asks for its facts when it opens.
    expect(actions.ownedFacts).not.toHaveBeenCalled();
    expect(words(pill)).toBe('VVIN History Lens: Report held');
    expect(pill.querySelector('.icon')?.className).toBe('icon check');
    fireEvent.click(ui.getByRole('button', { name: 'VIN History Lens: You hold a report on this vehicle.' }));
    expect(words(await ui.findByTestId('owned-facts'))).toMatch(
      /^providerA: 2 owners · no accidents · clean title/,
    );
    expect(actions.ownedFacts).toHaveBeenCalledWith('1C6RD6FT1CS310366');
    fireEvent.click(await ui.findByRole('button', { name: 'Open your report (free)' }));
    expect(await shownWords(shadow, /opened in a new tab/)).toBeTruthy();
    expect(actions.openOwned).toHaveBeenCalledWith('1C6RD6FT1CS310366');
    expect(ui.queryByRole('button', { name: 'Check records' })).toBeNull();
    expect(actions.openPurchase).not.toHaveBeenCalled();
    // Held: one record check on request says what was added since the purchase.
    fireEvent.click(ui.getByRole('button', { name: 'Check for new records · 1 record check' }));
    expect(words(await ui.findByTestId('since'))).toMatch(
      /^3 records added to providerA since you bought the report \(30 then, 33 now\)/,
    );
    expect(actions.checkNewRecords).toHaveBeenCalledTimes(1);
  });

  it('warns when the VIN contradicts the listing, before anything is spent', async () => {
    const { ui } = setup({}, { mismatch: { year: 2018, make: 'Honda' } });
    fireEvent.click(ui.getByRole('button', { name: /VIN does not match/ }));
    expect((await ui.findByRole('alert')).textContent).toMatch(
      /decodes as 2012 Ram, but the listing says 2018 Honda\. A typo, or a sign of fraud/,
    );
  });

  it('closes on its close button, on Escape (the focus back on the pill) and on a click outside', async () => {
    const { ui, pill } = setup();
    fireEvent.click(pill);
    fireEvent.click(await ui.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    fireEvent.click(pill);
    fireEvent.keyDown(await ui.findByRole('button', { name: 'Check records' }), { key: 'Escape' });
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(pill.getAttribute('aria-expanded')).toBe('false');
    expect((pill.getRootNode() as ShadowRoot).activeElement).toBe(pill);
    fireEvent.click(pill);
    await ui.findByRole('dialog');
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(pill.getAttribute('aria-expanded')).toBe('false');
  });

  it('holds the keyboard as a dialog: every Tab prevented and moved within the panel, wrapping both ways; a control that vanishes leaves focus in the panel (issue 63)', async () => {
    const { ui, pill } = setup();
    pill.focus();
    fireEvent.click(pill);
    const panel = await ui.findByRole('dialog');
    expect(panel.getAttribute('aria-modal')).toBe('true');
    await ui.findByRole('button', { name: 'Check records' });
    const shadow = pill.getRootNode() as ShadowRoot;
    const controls = [...panel.querySelectorAll<HTMLElement>('button, a[href]')];
    const press = (shiftKey = false) => {
      const event = new KeyboardEvent('keydown', {
        key: 'Tab',
        shiftKey,
        bubbles: true,
        composed: true,
        cancelable: true,
      });
      (shadow.activeElement ?? pill).dispatchEvent(event);
      return event.defaultPrevented;
    };
    const visited: Array<Element | null> = [];
    const prevented: boolean[] = [];
    for (let i = 0; i < controls.length + 2; i++) {
      prevented.push(press());
      visited.push(shadow.activeElement);
    }
    expect(prevented.every(Boolean)).toBe(true);
    expect(visited.slice(0, controls.length)).toEqual(controls);
    // Past the last (the close button), the first again: focus never leaves the badge.
    expect(visited[controls.length]).toBe(controls[0]);
    expect(press(true)).toBe(true);
    expect(shadow.activeElement).toBe(controls[0]);
    press(true);
    expect(shadow.activeElement).toBe(controls.at(-1));
    // "Check records" pressed and replaced by its counts: focus stays in the panel, not the page.
    const check = ui.getByRole('button', { name: 'Check records' });
    check.focus();
    fireEvent.click(check);
    await shownWords(shadow, /33 records/);
    await waitFor(() => expect(panel.contains(shadow.activeElement)).toBe(true));
  });

  it('says on the pill why its panel could not come, opens nothing, and asks again on the next click', async () => {
    let answers = 0;
    const { ui, pill } = setup({}, {}, async () =>
      ++answers === 1 ? 'The extension did not answer: reload the page.' : badgePanelApi,
    );
    fireEvent.click(pill);
    await waitFor(() => expect(pill.title).toBe('The extension did not answer: reload the page.'));
    expect(pill.getAttribute('aria-expanded')).toBe('false');
    expect(ui.queryByRole('dialog')).toBeNull();
    fireEvent.click(pill);
    expect(await ui.findByRole('dialog')).toBeTruthy();
  });

  it('opens its panel in the top layer (a popover) everywhere, as a sheet on a phone-wide window only', async () => {
    const width = innerWidth;
    try {
      for (const [w, sheet] of [
        [1024, false],
        [360, true],
      ] as const) {
        document.body.replaceChildren();
        (globalThis as { innerWidth: number }).innerWidth = w;
        const { ui, pill } = setup();
        fireEvent.click(pill);
        const panel = await ui.findByRole('dialog');
        expect([panel.classList.contains('sheet'), panel.getAttribute('popover')]).toEqual(
          sheet ? [true, 'manual'] : [false, 'manual'],
        );
      }
    } finally {
      (globalThis as { innerWidth: number }).innerWidth = width;
    }
  });
});

describe("the badge's free NHTSA facts (issue 46)", () => {
  const ram = DecodeRow.parse(decodeRow('1C6RD6FT1CS310366'));
  const recall = (campaign: string, flags: { parkIt?: boolean } = {}) => ({
    NHTSACampaignNumber: campaign,
    ReportReceivedDate: '07/02/2013',
    Component: 'ELECTRICAL SYSTEM',
    Summary: 'The alternator may short-circuit.',
    Consequence: '',
    Remedy: 'Dealers will replace the alternator, free of charge.',
    parkIt: flags.parkIt ?? false,
    parkOutSide: false,
  });
  const on = (title?: string) =>
    setup(
      {
        freeFacts: vi.fn(async () => ({
          ok: true as const,
          value: {
            on: true as const,
            facts: {
              vin: vinOf('1C6RD6FT1CS310366'),
              decode: ram,
              model: {
                ok: true as const,
                value: {
                  recalls: [recall('13V038000'), recall('16V100000', { parkIt: true })],
                  complaints: {
                    count: 37,
                    crashes: 1,
                    fires: 0,
                    top: [{ component: 'ELECTRICAL SYSTEM', count: 20 }],
                  },
                  rating: { overall: '4', variants: 2 },
                },
              },
            },
          },
        })) as BadgeActions['freeFacts'],
      },
      title === undefined ? {} : { title },
    );

  it('off: one line and the way to the options, where the browser is asked; nothing else is asked', async () => {
    const { actions, ui, pill } = setup();
    fireEvent.click(pill);
    expect(words(await ui.findByTestId('free-facts'))).toBe(
      'Free NHTSA facts (recalls, complaints, crash ratings) are off. Turn them on in the options…',
    );
    fireEvent.click(ui.getByRole('button', { name: 'Turn them on in the options' }));
    expect(actions.turnOnFreeFacts).toHaveBeenCalledTimes(1);
    expect(actions.checkRecords).not.toHaveBeenCalled();
  });

  it('on: asked when the panel opens, never before; "park it" first, the VIN lookup linked', async () => {
    const { actions, ui, pill } = on();
    expect(actions.freeFacts).not.toHaveBeenCalled();
    fireEvent.click(pill);
    const part = await ui.findByTestId('free-facts');
    expect(actions.freeFacts).toHaveBeenCalledWith('1C6RD6FT1CS310366');
    expect(words(part)).toContain(
      '2012 RAM 1500 Laramie · Pickup · 8 cyl 5.7 L Gasoline · 4WD/4-Wheel Drive/4x4 · built in WARREN, MICHIGAN, UNITED STATES (USA)',
    );
    // The recall headline leads the panel's findings, above its actions; not said twice.
    expect(words(await ui.findByTestId('findings'))).toContain(
      '2 recall campaigns for the 2012 RAM 1500 (1 “park it”: do not drive until repaired)',
    );
    expect(words(part)).not.toContain('2 recall campaigns');
    const lines = [...part.querySelectorAll('.recall')].map(words);
    expect(lines[0]).toMatch(/^PARK IT · 16V100000 · ELECTRICAL SYSTEM · Remedy: /);
    expect(
      ui
        .getByRole('link', { name: 'Were this car’s recalls repaired? Ask NHTSA by VIN' })
        .getAttribute('href'),
    ).toBe('https://www.nhtsa.gov/recalls?vin=1C6RD6FT1CS310366');
    expect(words(part)).toContain('NHTSA crash rating: 4 of 5 stars overall (one of 2 rated versions).');
    expect(words(part)).toContain(
      '37 complaints to NHTSA for this model year, most about electrical system (20); 1 crash reported.',
    );
  });

  it("the listing's title checked against NHTSA's decode: another year or make warns, another model is noted", async () => {
    const wrongYear = on('2016 Ram 1500 Laramie');
    fireEvent.click(wrongYear.pill);
    expect(words(await wrongYear.ui.findByRole('alert'))).toBe(
      'NHTSA decodes this VIN as 2012 RAM 1500 Laramie, but the listing says 2016 Ram. A typo, or a sign of fraud: check the VIN before paying for anything.',
    );
    cleanup();
    document.body.replaceChildren();
    const otherModel = on('2012 Ram 2500 Laramie');
    fireEvent.click(otherModel.pill);
    expect(words(await otherModel.ui.findByTestId('free-facts'))).toContain(
      'NHTSA names the model "1500"; the listing\'s title does not.',
    );
    expect(otherModel.ui.queryByRole('alert')).toBeNull();
  });

  it('a failure is said in the panel, and nothing else changes', async () => {
    const { ui, pill } = setup({
      freeFacts: vi.fn(async () => ({
        ok: false as const,
        error: {
          kind: 'server' as const,
          message: "NHTSA's server failed (HTTP 503). Nothing was kept; try again later.",
        },
      })),
    });
    fireEvent.click(pill);
    expect(words(await ui.findByTestId('free-facts'))).toBe(
      "Free NHTSA facts: NHTSA's server failed (HTTP 503). Nothing was kept; try again later.",
    );
    expect(ui.getByRole('button', { name: 'Check records' })).toBeTruthy();
  });
});

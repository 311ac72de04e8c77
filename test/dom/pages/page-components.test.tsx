// Every state of the pages' components, rendered with Preact Testing Library.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderOffer } from '@/entrypoints/confirm/provider-offer';
import { AccountState, UpdatingNote } from '@/entrypoints/popup/account-state';
import { AccountSummary } from '@/entrypoints/popup/account-summary';
import { CheckAll } from '@/entrypoints/popup/check-all';
import { PopupHead } from '@/entrypoints/popup/popup-head';
import { ReportsList } from '@/entrypoints/popup/reports-list';
import { TabVins } from '@/entrypoints/popup/tab-vin-list';
import { VinBox } from '@/entrypoints/popup/vin-box';
import type { Account } from '@/lib/account/account-messages';
import type { ReportSummary } from '@/lib/domain';
import type { CardVerdict } from '@/lib/memory/card-verdict';
import type { PurchaseStatus } from '@/lib/purchases/purchase-messages';
import type { CheckAllPlan } from '@/lib/records/economy';
import type { Vin } from '@/lib/vin/vin-syntax';
import { makeVin, rng } from '../../../samples/listing-page';

afterEach(cleanup);

const REPORTS: ReportSummary[] = [
  {
    provider: 'providerB',
    id: '2',
    vin: 'WBSPM9C52BE209978',
    yearMakeModel: '2011 BMW M3',
    createdAt: '2026-11-15T08:01:30.000Z',
    updatedAt: '2026-11-15T08:01:30.000Z',
  },
  {
    provider: 'providerA',
    id: '1',
    vin: '1G1PG5SC3C7167133',
    yearMakeModel: '2012 Chevrolet Cruze LT',
    createdAt: '2026-10-28T14:02:11.000Z',
    updatedAt: '2026-10-28T14:02:11.000Z',
  },
];
const ACCOUNT: Account = {
  user: { id: 'u', name: 'Dana Demo', email: 'dana@example.com', createdAt: 'x', updatedAt: 'x' },
  limits: { dailyLimit: 20, providerAReportsLeftToday: 3, providerBReportsLeftToday: 0, credits: 1 },
  reports: REPORTS,
  at: Date.now() - 90 * 60 * 1000,
};

describe('popup account', () => {
  it('says credits and allowances in plain words', () => {
    render(<AccountSummary account={ACCOUNT} ledger={null} />);
    expect(screen.getByTestId('credits').textContent).toBe('1 credit left · a report costs 1');
    expect(screen.getByText('providerA: 3 of 20 reports left today')).toBeTruthy();
    expect(screen.getByText('providerB: 0 of 20 reports left today')).toBeTruthy();
  });

  it('colours the 30-day record checks against the 3-to-5 band and says the rule', () => {
    const health = (checks: number, reports: number, warnRatio = 5) => {
      const { unmount } = render(
        <AccountSummary
          account={ACCOUNT}
          ledger={{
            checks,
            reports,
            checksPerReport: reports ? Math.round((checks / reports) * 100) / 100 : 0,
            warnRatio,
          }}
        />,
      );
      const ledger = screen.getByTestId('ledger');
      const found = [ledger.dataset.health, ledger.textContent ?? ''];
      unmount();
      return found;
    };
    expect(health(12, 3)[0]).toBe('good');
    expect(health(21, 3)[0]).toBe('watch');
    // The band's edge is the user's warning ratio, the one "check all" warns at.
    expect(health(12, 3, 3)[0]).toBe('watch');
    expect(health(21, 3, 3)[0]).toBe('risk');
    const [risk, text] = health(8, 0);
    expect(risk).toBe('risk');
    expect(text).toContain('Last 30 days in this browser: 8 record checks, 0 reports · at risk');
    expect(text).toContain('3 to 5 record checks for each report bought');
  });

  it('is loading, never blank, before anything is known', () => {
    render(<AccountState account={null} />);
    expect(screen.getByText('Loading your account…')).toBeTruthy();
  });

  it('leads to set-up when there is no key yet', () => {
    render(
      <AccountState account={{ ok: false, error: { kind: 'no-key', message: 'No API key is set yet.' } }} />,
    );
    expect(screen.getByTestId('no-key')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it("shows a rejected key with the service's explanation and a way to the settings", () => {
    const message =
      'The service rejected the API key (HTTP 401), or this network is not allowed by the service.';
    render(<AccountState account={{ ok: false, error: { kind: 'key-rejected', message } }} />);
    expect(screen.getByRole('alert').textContent).toBe(`Key rejected. ${message}`);
    expect(screen.getByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('shows offline data with its age', () => {
    const stale: Account = {
      ...ACCOUNT,
      refreshError: { kind: 'network', message: 'Could not reach the service.' },
    };
    render(<AccountState account={{ ok: true, value: stale }} />);
    expect(screen.getByTestId('stale').textContent).toBe(
      'Showing what was known 2 h ago: Could not reach the service.',
    );
    // Not "updating" as well: the stale line says what is known and why.
    cleanup();
    render(<UpdatingNote account={{ ok: true, value: stale }} refreshing />);
    expect(screen.queryByTestId('updating')).toBeNull();
  });

  it('says the figures on screen are being updated, and how old they are when that matters', () => {
    render(<UpdatingNote account={{ ok: true, value: ACCOUNT }} refreshing />);
    expect(screen.getByTestId('updating').textContent).toBe('Updating… These figures are from 2 h ago.');
    cleanup();
    render(<UpdatingNote account={{ ok: true, value: { ...ACCOUNT, at: Date.now() - 5_000 } }} refreshing />);
    expect(screen.getByTestId('updating').textContent).toBe('Updating…');
  });

  it("the popup's first paint shows the headline as the whole popup does, credits and display names", () => {
    render(
      <PopupHead
        account={{ ok: true, value: ACCOUNT }}
        refreshing
        ledger={null}
        names={{ providerA: 'AutoLedger' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('VIN History Lens');
    expect(screen.getByTestId('credits').textContent).toBe('1 credit left · a report costs 1');
    expect(screen.getByText('AutoLedger: 3 of 20 reports left today')).toBeTruthy();
    expect(screen.getByTestId('updating')).toBeTruthy();
  });
});

describe('VIN box', () => {
  it('explains each kind of mistake and enables the actions only for a VIN', () => {
    const onCheck = vi.fn();
    const onFreeFacts = vi.fn();
    render(<VinBox onCheck={onCheck} onGetReport={vi.fn()} onFreeFacts={onFreeFacts} />);
    const box = screen.getByLabelText('Look up a VIN');
    fireEvent.input(box, { target: { value: '1G1PG5SC3C71671' } });
    expect(screen.getByText('A VIN has 17 characters; this one has 15.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check records' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Free facts' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(box, { target: { value: '1g1pg5sc3c 7167133' } });
    expect(screen.getByText('VIN 1G1PG5SC3C7167133')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check records' }));
    expect(onCheck).toHaveBeenCalledWith('1G1PG5SC3C7167133');
    // Free facts ask NHTSA, never the service: no record check is spent on them.
    fireEvent.click(screen.getByRole('button', { name: 'Free facts' }));
    expect(onFreeFacts).toHaveBeenCalledWith('1G1PG5SC3C7167133');
    expect(onCheck).toHaveBeenCalledTimes(1);
  });
});

describe('reports list', () => {
  it("shows the newest reports it is given, by the user's provider names, and links to the library with the count of all", () => {
    const first = REPORTS[0];
    render(
      <ReportsList
        recent={REPORTS.slice(0, 1)}
        count={4321}
        names={{ [first?.provider ?? 'providerA']: 'AutoLedger' }}
      />,
    );
    expect(screen.getByText(/^AutoLedger ·/)).toBeTruthy();
    expect(screen.getAllByRole('link')[0]?.getAttribute('href')).toBe(
      `report.html?provider=${REPORTS[0]?.provider}&id=${REPORTS[0]?.id}`,
    );
    const all = screen.getByTestId('all-reports');
    expect(all.textContent).toBe('All reports (4321) in the library');
    expect(all.getAttribute('href')).toBe('library.html');
  });

  it('says so when the user holds none, and offers no library link', () => {
    render(<ReportsList recent={[]} count={0} names={{}} />);
    expect(screen.getByText('You hold no reports yet.')).toBeTruthy();
    expect(screen.queryByTestId('all-reports')).toBeNull();
  });
});

describe("the tab's VINs", () => {
  it('shows 3 rows and says how many vehicles there are (no hidden scroll box); a checked row offers a report', async () => {
    const random = rng(3);
    const vins = Array.from({ length: 80 }, () => makeVin(random));
    const getReport = vi.fn();
    const first = vins[0] as string;
    render(
      <TabVins
        vins={vins}
        checkRecords={vi.fn()}
        getReport={getReport}
        results={{
          [first]: {
            ok: true,
            value: {
              vin: first,
              vehicle: { year: 2012, make: 'Ram', model: '1500' },
              records: { providerA: 3, providerB: 4 },
            },
          },
        }}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more of 80 vehicles' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(53);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 80 vehicles' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(80);
    fireEvent.click(
      screen.getByRole('button', { name: `Get a report for ${first} (1 credit, confirmed first)` }),
    );
    expect(getReport).toHaveBeenCalledWith(first);
  });

  it('a vehicle whose report the user holds offers it, never a record check; held from one provider, the other is named (issue 56)', () => {
    const [both, one, none] = ['1G1PG5SC3C7167133', '1FMDU34X7PUD75574', '1C6RD6FT1CS310366'] as Vin[];
    const openOwned = vi.fn();
    const getReport = vi.fn();
    render(
      <TabVins
        vins={[both, one, none] as Vin[]}
        checkRecords={vi.fn()}
        getReport={getReport}
        owned={{ [both as string]: ['providerA', 'providerB'], [one as string]: ['providerB'] }}
        openOwned={openOwned}
        names={{ providerB: 'AutoLedger' }}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('You hold the providerA and AutoLedger reports');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Check records|Get/ })).toBeNull();
    fireEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: `Open your report for ${one} (free)` }),
    );
    expect(openOwned).toHaveBeenCalledWith(one);
    fireEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', {
        name: `Get the providerA report for ${one} (1 credit, confirmed first)`,
      }),
    );
    expect(getReport).toHaveBeenCalledWith(one);
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Check records/ })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: /Check records for/ })).toBeTruthy();
  });
});

describe("the tab's vehicles say what their pills say (issue 65)", () => {
  const [ram, lexus, cruze, sonata, only] = [
    '1C6RD6FT1CS310366',
    'JTHFE2C23A2509749',
    '1G1PG5SC3C7167133',
    '5NPEB4AC9DH571382',
    'WAULFAFR6DA001366',
  ] as Vin[];
  const said = (kind: CardVerdict['kind'], icon: CardVerdict['icon'], words: string): CardVerdict => ({
    kind,
    icon,
    words,
    heard: words,
  });
  const pills = {
    [sonata as string]: said('none', 'dot', 'No history yet'),
    [cruze as string]: said('held', 'check', 'No accidents'),
    [lexus as string]: said('good', 'down', '$460 less elsewhere'),
    [ram as string]: said('warn', 'alert', 'Mileage dropped'),
  };
  const rows = () =>
    screen.getAllByRole('listitem').map((li) => {
      const finding = li.querySelector('[data-testid=finding]');
      const icon = finding?.querySelector('.icon')?.className ?? '';
      return `${li.dataset.vin} | ${finding?.className ?? ''} | ${icon} | ${finding?.textContent ?? ''}`;
    });

  it('each row says its pill’s finding with its icon, the harms first; a VIN with no card is the page’s data only, last', () => {
    render(
      <TabVins
        vins={[sonata, only, cruze, lexus, ram] as Vin[]}
        checkRecords={vi.fn()}
        getReport={vi.fn()}
        owned={{ [cruze as string]: ['providerA'] }}
        pills={pills}
      />,
    );
    expect(rows()).toEqual([
      `${ram} | finding warn | icon alert | Mileage dropped`,
      `${lexus} | finding good | icon down | $460 less elsewhere`,
      `${cruze} | finding held | icon check | No accidents`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 vehicles' }));
    expect(rows().slice(3)).toEqual([
      `${sonata} | finding none | icon dot | No history yet`,
      `${only} | finding data-only |  | In the page’s data only: no card shows it`,
    ]);
    // The vehicle's year and make with its VIN, under the finding.
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain(`2012 Ram · ${ram}`);
  });

  it('a tab whose content script did not answer says no finding, and marks no vehicle as data only', () => {
    render(
      <TabVins vins={[sonata, only] as Vin[]} checkRecords={vi.fn()} getReport={vi.fn()} pills={null} />,
    );
    expect(screen.queryAllByTestId('finding')).toHaveLength(0);
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.vin)).toEqual([sonata, only]);
  });
});

describe('check all', () => {
  const [A, B, C, D, E, F, G, H] = Array.from(
    { length: 8 },
    (
      (random) => () =>
        makeVin(random)
    )(rng(5)),
  );
  const plan = (over: Partial<CheckAllPlan>): CheckAllPlan => ({
    id: 'plan-1',
    toCheck: [A!, B!],
    cached: [],
    ratioNow: 2,
    ratioAfter: 4,
    warn: false,
    needsOverride: false,
    ...over,
  });

  it('says the cost first and spends nothing until confirmed', async () => {
    const run = vi.fn(async () => ({ ok: true as const, value: { plan: plan({}), results: {} } }));
    render(<CheckAll plan={async () => ({ ok: true, value: plan({}) })} run={run} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check all VINs on this page…' }));
    expect((await screen.findByRole('group')).textContent).toMatch(
      /This uses 2 record checks.*go from 2 to 4/,
    );
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Spend 2 record checks' }));
    expect(run).toHaveBeenCalledWith('plan-1', false);
  });

  it('names on its button the checks it spends, not the VINs it covers', async () => {
    render(
      <CheckAll
        plan={async () => ({
          ok: true,
          value: plan({ toCheck: [A!, B!, C!, D!, E!, F!, G!], cached: [H!] }),
        })}
        run={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check all VINs on this page…' }));
    expect(await screen.findByRole('button', { name: 'Spend 7 record checks' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /8/ })).toBeNull();
  });

  it('warns above the ratio and needs the override above the hard limit', async () => {
    const run = vi.fn(async () => ({ ok: true as const, value: { plan: plan({}), results: {} } }));
    render(
      <CheckAll
        plan={async () => ({ ok: true, value: plan({ warn: true, needsOverride: true, ratioAfter: 9 }) })}
        run={run}
        onDone={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check all VINs on this page…' }));
    expect(await screen.findByText(/may revoke keys that check without buying/)).toBeTruthy();
    const go = screen.getByRole('button', { name: 'Spend 2 record checks' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/I understand: spend 2 checks anyway/));
    expect(go.disabled).toBe(false);
    fireEvent.click(go);
    expect(run).toHaveBeenCalledWith('plan-1', true);
  });
});

describe('purchase offer', () => {
  const base = {
    provider: 'providerA' as const,
    records: 18,
    held: undefined,
    leftToday: 5,
    credits: 3,
    busy: false,
    buying: false,
    status: null,
    onBuy: vi.fn(),
  };
  const status = (state: PurchaseStatus['state'], message: string): PurchaseStatus => ({
    id: 'i1',
    provider: 'providerA',
    vin: '5N3ZA0NE1AN908084',
    state,
    message,
    createdAt: 0,
  });

  it('offers to buy for one credit', () => {
    const onBuy = vi.fn();
    render(<ProviderOffer {...base} onBuy={onBuy} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy the providerA report (1 credit)' }));
    expect(onBuy).toHaveBeenCalledWith({});
  });

  it('makes the report already held the primary action, free', () => {
    render(<ProviderOffer {...base} held={REPORTS[1]} />);
    expect(screen.getByRole('link', { name: 'Open your report (free)' }).getAttribute('href')).toBe(
      'report.html?provider=providerA&id=1',
    );
    expect(screen.getByRole('button', { name: 'Buy a new one anyway (1 credit)' })).toBeTruthy();
  });

  it.each([
    [{ credits: 0 }, 'No credits left.'],
    [{ leftToday: 0 }, "Today's providerA allowance is used up."],
    [{ credits: undefined }, 'Checking your credits…'],
  ])('cannot buy when %j: "%s"', (over, reason) => {
    render(<ProviderOffer {...base} {...over} />);
    expect(
      (screen.getByRole('button', { name: /Buy the providerA report/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(reason)).toBeTruthy();
  });

  it('says what is left after, warns before buying a report with no records, and shows progress while buying', () => {
    const { rerender } = render(<ProviderOffer {...base} records={0} />);
    expect(screen.getByTestId('no-records-providerA').textContent).toBe(
      'No records: the report may be empty.',
    );
    // The warning comes before the button, which still works: the user decides.
    const buy = screen.getByRole('button', {
      name: 'Buy the providerA report (1 credit)',
    }) as HTMLButtonElement;
    expect(
      screen.getByTestId('no-records-providerA').compareDocumentPosition(buy) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(buy.disabled).toBe(false);
    expect(screen.getByTestId('after-providerA').textContent).toBe(
      `1 credit · ${base.credits - 1} credits left after`,
    );
    rerender(<ProviderOffer {...base} busy buying />);
    expect((screen.getByRole('button', { name: 'Buying…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no Buy while a purchase of this report is unconfirmed, and says so', () => {
    render(
      <ProviderOffer
        {...base}
        status={status('unknown', 'We could not confirm whether this purchase went through; checking…')}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /could not confirm whether this purchase went through/,
    );
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
  });

  it('buys past an unresolved purchase only once the user acknowledges a possible second charge', () => {
    const onBuy = vi.fn();
    render(
      <ProviderOffer
        {...base}
        onBuy={onBuy}
        status={status('unresolved', 'No report appeared within 5 minutes.')}
      />,
    );
    const again = screen.getByRole('button', { name: 'Buy again anyway (1 credit)' }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/I understand I may be charged twice/));
    fireEvent.click(again);
    expect(onBuy).toHaveBeenCalledWith({ overrideUnresolved: true });
  });
});

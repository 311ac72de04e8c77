// The badge itself: free decode at once, record counts only on request, purchases only through
// the extension's own window.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge, type BadgeActions } from '@/entrypoints/vin.content/badge';
import type { ListingSays } from '@/lib/vin/listing-mismatch';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { vinOf } from '../../fixtures/vin-of';

afterEach(cleanup);

const counts = {
  vin: '1C6RD6FT1CS310366',
  vehicle: { year: 2012, make: 'Ram', model: '1500 Laramie' },
  records: { providerA: 33, providerB: 37 },
};

function setup(
  overrides: Partial<BadgeActions> = {},
  props: { owned?: boolean; mismatch?: ListingSays | null } = {},
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
    ...overrides,
  };
  render(<Badge decode={decodeVin(vinOf('1C6RD6FT1CS310366'), 2026)} actions={actions} {...props} />);
  return actions;
}

describe('badge', () => {
  it('shows the local decode without asking anything', () => {
    const actions = setup();
    expect(screen.getByRole('button', { name: /2012 Ram/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /2012 Ram/ }));
    expect(screen.getByText('1C6RD6FT1CS310366')).toBeTruthy();
    expect(screen.getByText(/United States/)).toBeTruthy();
    expect(actions.checkRecords).not.toHaveBeenCalled();
  });

  it('checks records only when asked, and says it costs a record check', async () => {
    const actions = setup();
    fireEvent.click(screen.getByRole('button', { name: /2012 Ram/ }));
    expect(screen.getByText('uses 1 record check')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check records' }));
    expect(await screen.findByText('33 records')).toBeTruthy();
    expect(screen.getByText('37 records')).toBeTruthy();
    expect(actions.checkRecords).toHaveBeenCalledTimes(1);
  });

  it("opens the extension's confirmation window, and never buys from the page", async () => {
    const actions = setup();
    fireEvent.click(screen.getByRole('button', { name: /2012 Ram/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check records' }));
    // The paid action names its cost; the balance is never shown to the page.
    fireEvent.click(await screen.findByRole('button', { name: 'Get a report · 1 credit…' }));
    expect(document.body.textContent).not.toMatch(/credits? left|balance/i);
    expect(await screen.findByText(/confirm there/)).toBeTruthy();
    expect(actions.openPurchase).toHaveBeenCalledWith('1C6RD6FT1CS310366');
  });

  it('shows a failed check with its message and lets the user try again', async () => {
    let calls = 0;
    setup({
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
    fireEvent.click(screen.getByRole('button', { name: /2012 Ram/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check records' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Try again in 60 s/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('33 records')).toBeTruthy();
  });

  it('turns a background that does not answer into a message, not a blank panel', async () => {
    setup({ checkRecords: async () => Promise.reject(new Error('Could not establish connection')) });
    fireEvent.click(screen.getByRole('button', { name: /2012 Ram/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check records' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /did not answer \(Could not establish connection\)/,
    );
  });

  it('carries the extension\'s mark, says "owned · open" for a report held, and opens it free', async () => {
    const actions = setup({}, { owned: true });
    const pill = screen.getByRole('button', { name: /VIN History Lens: owned · open/ });
    fireEvent.click(pill);
    fireEvent.click(screen.getByRole('button', { name: 'Open your report (free)' }));
    expect(await screen.findByText(/opened in a new tab/)).toBeTruthy();
    expect(actions.openOwned).toHaveBeenCalledWith('1C6RD6FT1CS310366');
    expect(screen.queryByRole('button', { name: 'Check records' })).toBeNull();
    expect(actions.openPurchase).not.toHaveBeenCalled();
    // Held: one record check on request says what was added since the purchase.
    fireEvent.click(screen.getByRole('button', { name: 'Check for new records · 1 record check' }));
    expect((await screen.findByTestId('since')).textContent).toMatch(
      /^3 records added to providerA since you bought the report \(30 then, 33 now\)/,
    );
    expect(actions.checkNewRecords).toHaveBeenCalledTimes(1);
  });

  it('warns when the VIN contradicts the listing, before anything is spent', () => {
    setup({}, { mismatch: { year: 2018, make: 'Honda' } });
    fireEvent.click(screen.getByRole('button', { name: /VIN does not match/ }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /decodes as 2012 Ram, but the listing says 2018 Honda\. A typo, or a sign of fraud/,
    );
  });

  it('closes on its close button, on Escape and on a click outside', () => {
    setup();
    const pill = screen.getByRole('button', { name: /2012 Ram/ });
    fireEvent.click(pill);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region')).toBeNull();
    fireEvent.click(pill);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Check records' }), { key: 'Escape' });
    expect(pill.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(pill);
    fireEvent.pointerDown(document.body);
    expect(pill.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens its panel as a sheet (a popover, in the top layer) on a phone-wide window only', () => {
    const width = innerWidth;
    try {
      for (const [w, sheet] of [
        [1024, false],
        [360, true],
      ] as const) {
        cleanup();
        (globalThis as { innerWidth: number }).innerWidth = w;
        setup();
        fireEvent.click(screen.getByRole('button', { name: /2012 Ram/ }));
        const panel = screen.getByRole('region');
        expect([panel.classList.contains('sheet'), panel.getAttribute('popover')]).toEqual(
          sheet ? [true, 'manual'] : [false, null],
        );
      }
    } finally {
      (globalThis as { innerWidth: number }).innerWidth = width;
    }
  });
});

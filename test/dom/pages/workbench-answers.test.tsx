// The workbench page's table while answers cross: the page asks for the table twice as it opens (at
// once, and again once the account is read afresh), and "Add the VINs on this tab" saves a new table
// meanwhile. An answer asked before that save, arriving after it, emptied the table for a moment (the
// e2e workbench test read 8 rows, then none, on a loaded CI machine). Answers are held here by hand
// to put them in that order.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { useWorkbench } from '@/entrypoints/workbench/use-workbench';
import { failWith, ok } from '@/lib/errors/result';
import { onMessage, removeAllListeners } from '@/lib/messaging/messaging';
import type { Vin } from '@/lib/vin/vin-syntax';
import type { WorkbenchView } from '@/lib/workbench/workbench';

const TAB_VINS = ['5N3ZA0NE1AN908084', '1G1PG5SC3C7167133'] as Vin[];
const viewOf = (vins: Vin[]): WorkbenchView => ({ vins, batch: null, counts: {}, held: [], limits: null });

function Table() {
  const { view, saveVins } = useWorkbench();
  return (
    <div>
      <button type="button" disabled={!view} onClick={() => void saveVins(TAB_VINS)}>
        Add
      </button>
      <output data-testid="table">{view ? view.vins.join(' ') || 'empty' : 'loading'}</output>
    </div>
  );
}

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});
afterEach(cleanup);

describe('workbench answers', () => {
  it('an answer asked before the table was saved never puts the old table back', async () => {
    let stored: Vin[] = [];
    const held: Array<() => void> = [];
    let asks = 0;
    onMessage('getWorkbench', () => {
      const answer = viewOf(stored);
      // The second question (after the account) is answered late, with the table as it was asked.
      if (++asks !== 2) return ok(answer);
      return new Promise((resolve) => held.push(() => resolve(ok(answer))));
    });
    onMessage('getAccount', () => failWith('no-key'));
    onMessage('setWorkbenchVins', ({ data }) => {
      stored = data.vins as Vin[];
      return ok(null);
    });
    render(<Table />);
    await expect.poll(() => screen.getByTestId('table').textContent).toBe('empty');
    await expect.poll(() => held.length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await expect.poll(() => asks).toBe(3);
    await expect.poll(() => screen.getByTestId('table').textContent).toBe(TAB_VINS.join(' '));
    // The stale answer (the empty table) arrives last.
    held.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('table').textContent).toBe(TAB_VINS.join(' '));
  });
});

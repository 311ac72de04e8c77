// The batch's pure transitions (lib/workbench/batch.ts), which the background's runner and store apply:
// a step recorded, a stop that skips the rest, a 429's pause, a cancel that keeps the row's outcome,
// a stopped worker's batch interrupted with its row under way settled, and the rows of each plan.
import { describe, expect, it } from 'vitest';
import type { Vin } from '@/lib/vin/vin-syntax';
import {
  afterStep,
  type Batch,
  type BatchRow,
  checkRows,
  interrupted,
  mergeRows,
} from '@/lib/workbench/batch';
import { type PurchasePlan, purchaseRows } from '@/lib/workbench/purchase-plan';
import { vinsOf } from '../../../samples/vin-of';

// Real VINs (docs/service-notes.md's public samples): rows hold only what a parser made a Vin.
const VIN = vinsOf('1G1PG5SC3C7167133', '1C6RD6FT1CS310366', '1FMDU34X7PUD75574', '5N3ZA0NE1AN908084');
const [A, B, C, D] = VIN as [Vin, Vin, Vin, Vin];

const rows = (...states: BatchRow['state'][]): BatchRow[] =>
  states.map((state, i) => ({ vin: VIN[i]!, provider: 'providerA', state }));
const batch = (state: Batch['state'], ...states: BatchRow['state'][]): Batch => ({
  id: 'b1',
  kind: 'buy',
  state,
  rows: rows(...states),
});

describe('a batch step', () => {
  it('records the row and when it was done; the batch runs on', () => {
    const next = afterStep(
      batch('running', 'running', 'queued'),
      0,
      { row: { ...rows('done')[0]!, vin: VIN[0]! } },
      5,
    );
    expect(next.rows.map((r) => r.state)).toEqual(['done', 'queued']);
    expect([next.state, next.lastDoneAt]).toEqual(['running', 5]);
  });

  it('a stop ends the batch there, says why, and skips every row after it', () => {
    const next = afterStep(
      batch('running', 'running', 'queued', 'queued'),
      0,
      {
        row: { vin: VIN[0]!, provider: 'providerA', state: 'unsure' },
        stop: `Stopped at ${VIN[0]}`,
      },
      5,
    );
    expect(next.state).toBe('stopped');
    expect(next.message).toBe(`Stopped at ${VIN[0]}`);
    expect(next.rows.map((r) => r.state)).toEqual(['unsure', 'skipped', 'skipped']);
  });

  it("a 429 pauses the batch for the service's time, and the row waits its turn again", () => {
    const next = afterStep(
      batch('running', 'running'),
      0,
      {
        row: { vin: VIN[0]!, provider: 'providerA', state: 'queued' },
        pauseMs: 2_500,
      },
      1_000,
    );
    expect([next.state, next.resumeAt]).toEqual(['paused', 3_500]);
    expect(next.message).toMatch(/waits 3 s/);
  });

  it('cancelled meanwhile: the row keeps its outcome, the batch stays cancelled, nothing is un-skipped', () => {
    const next = afterStep(
      batch('cancelled', 'running', 'skipped'),
      0,
      {
        row: { vin: VIN[0]!, provider: 'providerA', state: 'done', reportId: 'r1' },
        stop: 'would stop',
      },
      5,
    );
    expect([next.state, next.rows[0]?.reportId, next.rows[1]?.state]).toEqual(['cancelled', 'r1', 'skipped']);
  });
});

describe("a stopped worker's batch", () => {
  it('becomes interrupted, its row under way settled, rows that moved meanwhile left as they are', () => {
    const left = batch('running', 'done', 'running', 'queued');
    const next = interrupted(left, [
      undefined,
      { vin: VIN[1]!, provider: 'providerA', state: 'unsure' },
      undefined,
    ]);
    expect(next.state).toBe('interrupted');
    expect(next.message).toMatch(/until you press Resume/);
    expect(next.rows.map((r) => r.state)).toEqual(['done', 'unsure', 'queued']);
    // Only rows still in the state the answer was for are replaced.
    expect(mergeRows(rows('done'), 'running', [{ vin: VIN[0]!, state: 'queued' }])[0]?.state).toBe('done');
  });
});

describe("a plan's rows", () => {
  it('checks: the VINs to check queued, those known already done without a check', () => {
    expect(checkRows({ toCheck: [A], cached: [B] }).map((r) => [r.vin, r.state])).toEqual([
      [A, 'queued'],
      [B, 'done'],
    ]);
  });

  it('purchases: bought, held (opens free), or skipped with the reason, never bought', () => {
    const plan = {
      id: 'p',
      rows: [
        { vin: A, provider: 'providerA', fate: 'buy' },
        { vin: B, provider: 'providerA', fate: 'held', reportId: 'r9' },
        { vin: C, provider: 'providerB', fate: 'no-allowance' },
        { vin: D, provider: 'providerA', fate: 'no-credits' },
      ],
    } as unknown as PurchasePlan;
    expect(purchaseRows(plan).map((r) => [r.vin, r.state, r.reportId, r.message])).toEqual([
      [A, 'queued', undefined, undefined],
      [B, 'held', 'r9', 'Already yours: opens free, not bought again.'],
      [C, 'skipped', undefined, "Not bought: today's providerB allowance does not cover it."],
      [D, 'skipped', undefined, 'Not bought: your credits do not cover it.'],
    ]);
  });
});

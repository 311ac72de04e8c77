// @vitest-environment node
// The report library: kept by (provider, id), least recently opened dropped past the budget.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { findReport, keepReport } from '@/entrypoints/background/storage/report-store';

const report = (provider: 'providerA' | 'providerB', id: string, size: number) => ({
  provider,
  id,
  vin: '1G1PG5SC3C7167133',
  yearMakeModel: '2012 Chevrolet Cruze LT',
  html: 'x'.repeat(size),
});

describe('report library', () => {
  it('keeps the same id of two providers apart', async () => {
    await keepReport(report('providerA', '1', 10), '2026-11-01T00:00:00.000Z');
    await keepReport(
      { ...report('providerB', '1', 10), vin: '1C6RD6FT1CS310366' },
      '2026-11-02T00:00:00.000Z',
    );
    expect((await findReport('providerA', '1'))?.vin).toBe('1G1PG5SC3C7167133');
    expect((await findReport('providerB', '1'))?.vin).toBe('1C6RD6FT1CS310366');
  });

  it('drops the least recently opened reports when over budget', async () => {
    const clock = vi.spyOn(Date, 'now');
    clock.mockReturnValue(1000);
    await keepReport(report('providerA', 'old', 100), 'a', 1000);
    clock.mockReturnValue(2000);
    await keepReport(report('providerA', 'opened', 100), 'b', 1000);
    clock.mockReturnValue(3000);
    await findReport('providerA', 'old'); // opened again: now the most recent
    clock.mockReturnValue(4000);
    await keepReport(report('providerA', 'new', 300), 'c', 1000); // 2 bytes a character: 1,000 in all
    expect(await findReport('providerA', 'opened')).toBeUndefined();
    expect(await findReport('providerA', 'old')).toBeDefined();
    expect(await findReport('providerA', 'new')).toBeDefined();
    clock.mockRestore();
  });
});

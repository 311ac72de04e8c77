// The one VIN schema at the trust boundaries: what the message guard parses every VIN of a request
// with (a typed VIN, a page's candidates, the workbench's table and plans), normalised (trimmed,
// upper case) and refused, with the reason, unless it has a VIN's shape. It replaced three (Vin,
// PageVin, WorkbenchVin). Not branded yet: the plans and batch rows the background builds from
// parsed VINs still hold plain strings (README, "Where things are"). The content script keeps its
// own zod-free check (lib/vin/vin-syntax.ts): its bundle has no zod.
import { z } from 'zod/mini';
import { describeVinProblem, normalizeVin } from './vin-syntax';

export const Vin = z.pipe(
  z.string().check(z.maxLength(64)),
  z.transform((value: string, ctx) => {
    const vin = normalizeVin(value);
    if (!vin)
      ctx.issues.push({ code: 'custom', message: describeVinProblem(value) ?? 'Not a VIN.', input: value });
    return vin ?? '';
  }),
);
export type Vin = z.output<typeof Vin>;

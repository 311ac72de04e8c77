// The one VIN schema, for every VIN that comes in as data: each VIN of a request the message guard
// parses (a typed VIN, a page's candidates, the workbench's table and plans) and each VIN of what
// storage gives back (intents, batch rows, plans, the tabs' lists, the workbench's table). It
// normalises (trimmed, upper case, no spaces or dashes) and refuses, with the reason, what has no
// VIN's shape; its output is the branded Vin of lib/vin/vin-syntax.ts, which code past these
// boundaries takes without checking again. The content script keeps its own zod-free check
// (lib/vin/vin-syntax.ts): its bundle has no zod.
import { z } from 'zod/mini';
import { describeVinProblem, normalizeVin, type Vin } from './vin-syntax';

/** Parses to the branded `Vin` (one name for the type, `VinSchema` for what checks it). */
export const VinSchema = z.pipe(
  z.string().check(z.maxLength(64)),
  z.transform((value: string, ctx) => {
    const vin = normalizeVin(value);
    if (!vin)
      ctx.issues.push({ code: 'custom', message: describeVinProblem(value) ?? 'Not a VIN.', input: value });
    return vin ?? ('' as Vin);
  }),
);

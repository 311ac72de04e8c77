// The background's half of detection as a page's candidates reach it in the product: parsed by the
// message's own schema (what the guard does, so each VIN becomes a Vin and an over-full message is
// refused), then judged (lib/vin/vin-verdict.ts).
import { PageCandidates } from '@/lib/records/page-messages';
import { acceptCandidates } from '@/lib/vin/vin-verdict';

export const judgeCandidates = (candidates: Array<{ vin: string; labelled: boolean }>, currentYear = 2026) =>
  acceptCandidates(PageCandidates.parse({ candidates, reset: false }).candidates, currentYear);

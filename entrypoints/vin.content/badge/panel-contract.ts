// What the content script and the badge panel (entrypoints/badge-panel/, injected by the background
// on the first click of a page: the always-loaded script carries no panel) say to each other. Both
// run in the extension's isolated world of the page, so the panel's entry is a global of that world:
// the page's own scripts cannot see it.
import type { RecordCounts } from '@/lib/domain';
import type { Result } from '@/lib/errors/result';
import type { HistoryAnswer } from '@/lib/memory/memory-messages';
import type { FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
import type { NewRecords } from '@/lib/records/page-messages';
import type { HeldFacts } from '@/lib/reports/facts/held-facts';
import type { ListingSays } from '@/lib/vin/listing-mismatch';
import type { LocalDecode } from '@/lib/vin/vin-verdict';

/** What a badge may ask the background for (content-script messages; nothing is bought here). */
export interface BadgeActions {
  checkRecords(vin: string): Promise<Result<RecordCounts>>;
  openPurchase(vin: string): Promise<Result<null>>;
  openOwned(vin: string): Promise<Result<null>>;
  checkNewRecords(vin: string): Promise<Result<NewRecords>>;
  /** The read reports held for it, newest first (worded in the panel: lib/reports/facts/held-facts.ts). */
  ownedFacts(vin: string): Promise<Result<HeldFacts>>;
  /** What the memory of vehicles seen holds of it, for the listing at `url` (lib/memory/). */
  history(vin: string, url: string | undefined): Promise<Result<HistoryAnswer>>;
  watch(vin: string, on: boolean, title: string): Promise<Result<boolean>>;
  forget(vin: string): Promise<Result<null>>;
  /** NHTSA's free facts (lib/nhtsa/): `on: false` when the user has not turned them on. */
  freeFacts(vin: string): Promise<Result<FreeFactsAnswer>>;
  /** The options page at the free facts, where the browser is asked (never from the listing). */
  turnOnFreeFacts(): Promise<Result<null>>;
}

/** The listing a badge belongs to: its link (when its card has one) and its title. */
export interface ListingRef {
  url: string | undefined;
  title: string;
}

export interface PanelProps {
  decode: LocalDecode;
  actions: BadgeActions;
  /** Counts known (cached, or checked from this badge before): shown without a new check. */
  counts: RecordCounts | undefined;
  /** The user holds a report for this VIN. */
  owned: boolean;
  /** What the listing says that the VIN's decode contradicts. */
  mismatch: ListingSays | null;
  listing: ListingRef;
  /** A check came back: the pill shows the counts from now on. */
  onCounts(counts: RecordCounts): void;
  /** The panel asks to close (its close button, Escape, a click outside). */
  onClose(): void;
}

export interface PanelTarget {
  /** The badge's closed shadow root: the panel's styles are adopted there. */
  shadow: ShadowRoot;
  /** Where the panel is drawn (after the pill, in the badge). */
  mount: HTMLElement;
  /** The pill: focus goes back to it when Escape closes the panel. */
  pill: HTMLElement;
}

export interface BadgePanelApi {
  open(target: PanelTarget, props: PanelProps): void;
  close(target: PanelTarget): void;
}

/** The global the injected panel script sets in the isolated world. */
export const PANEL_GLOBAL = 'vhlBadgePanel';

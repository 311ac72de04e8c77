// Vehicles known only from the page's data (JSON-LD, embedded state): the identity keys of their
// records (a listing id, a URL, a photo, a name: lib/vin/listing-identity.ts), who else claims each
// key, and the page's elements carrying them (card-index.ts). Learnt in slices: 500 VINs known only
// from data took 55-64 ms in one go on the 2,000-card bench page.
import { type IdentityKeys, recordKeys } from '@/lib/vin/listing-identity';
import type { CardIndex } from './card-index';
import type { Occurrence } from './occurrence';
import { type PageSelf, readPageSelf } from './page-self';
import type { VinMarks } from './vin-marks';

// A key on more elements than this is page furniture (a logo, a "view all" link), not a card's.
const MAX_CARRIERS = 8;

export type DataKeys = ReturnType<typeof createDataKeys>;

export function createDataKeys(doc: Document, marks: VinMarks, index: CardIndex) {
  const keysOf = new Map<string, IdentityKeys>();
  const owners = new Map<string, Set<string>>();
  const matched = new Map<string, Element[]>();
  const recordKeysCache = new WeakMap<object, IdentityKeys>();
  // VINs known only from data whose record the page's title or URL names (a vehicle's own page).
  const pageVehicles = new Set<string>();
  // VINs whose data was looked at (keys learnt, or a card of their own found), and the work of the
  // pass in progress.
  const looked = new Set<string>();
  let toMark: string[] = [];
  let weakOnly: string[] = [];
  let ready = new Set<string>();
  let learning = true;
  let pageSelf: PageSelf | null = null;

  function recordKeysOf(o: { record?: Occurrence['record']; keyInParent?: string }): IdentityKeys {
    if (!o.record) return { strong: [], weak: [] };
    let keys = recordKeysCache.get(o.record);
    if (!keys) {
      keys = recordKeys(o.record, o.keyInParent, doc.baseURI);
      recordKeysCache.set(o.record, keys);
    }
    return keys;
  }

  function keysOfVin(occurrences: Occurrence[]): IdentityKeys {
    const strong = new Set<string>();
    const weak = new Set<string>();
    for (const o of occurrences) {
      if (o.kind !== 'json' || !o.record) continue;
      const keys = recordKeysOf(o);
      for (const k of keys.strong) strong.add(k);
      for (const k of keys.weak) weak.add(k);
    }
    return { strong: [...strong], weak: [...weak] };
  }

  /**
   * Keys this VIN's records alone carry, with at most a handful of elements each, and the elements
   * carrying them outside other vehicles' cards: a card that holds its own VIN is never taken from
   * it because it shares a title or a photo with this record.
   */
  function usable(keys: string[], vin: string): Array<[string, Element[]]> {
    const out: Array<[string, Element[]]> = [];
    for (const key of keys) {
      if ((owners.get(key)?.size ?? 0) > 1) continue;
      const all = index.carriers(key);
      if (all.length === 0 || all.length > MAX_CARRIERS) continue;
      const carriers = all.filter((el) => !marks.inOtherCard(el, vin));
      if (carriers.length) out.push([key, carriers]);
    }
    return out;
  }

  function learn(vin: string, occurrences: Occurrence[], alone: boolean) {
    looked.add(vin);
    pageSelf ??= readPageSelf(doc, recordKeysOf);
    if (pageSelf.isAbout(occurrences, alone)) pageVehicles.add(vin);
    ready.add(vin);
    // A data block inside its own card needs no keys: learning them would mark look-alike cards
    // (another card with the same title) as this VIN's.
    if (marks.dataCard(occurrences, vin)) return;
    const keys = keysOfVin(occurrences);
    keysOf.set(vin, keys);
    for (const key of [...keys.strong, ...keys.weak]) {
      const set = owners.get(key) ?? new Set<string>();
      owners.set(key, set);
      set.add(vin);
    }
  }

  return {
    /** This VIN's keys, strong ones first; undefined when its data was not learnt. */
    keysOf: (vin: string) => keysOf.get(vin),
    usable,
    /** The VINs whose records the page says it is about. */
    pageVehicles,

    /**
     * Makes ready to place these VINs known only from data (after the card index is complete): learns
     * their keys and marks the elements carrying them, so that no card grows over a neighbour's.
     * Works until `timeUp()`: null means "call again with the same arguments after yielding"; else the
     * VINs worth trying (new ones, and those a newly indexed element may now match).
     */
    prepare(
      due: Map<string, Occurrence[]>,
      waiting: Iterable<string>,
      timeUp: () => boolean = () => false,
    ): Set<string> | null {
      if (learning) {
        for (const [vin, occurrences] of due) {
          if (looked.has(vin)) continue;
          learn(vin, occurrences, due.size === 1);
          if (timeUp()) return null;
        }
        const fresh = index.takeFresh();
        if (fresh.size) {
          const waitingSet = new Set(waiting);
          for (const key of fresh)
            for (const vin of owners.get(key) ?? []) if (waitingSet.has(vin)) ready.add(vin);
        }
        learning = false;
        toMark = [...ready];
        weakOnly = [];
      }
      // Strong keys first, for every VIN; a weak key (a photo, a name) only for a VIN no strong key
      // placed, and never inside another vehicle's block: a dealer's logo URL in one result's record
      // marked the showcase card it sits in as that result's, and the card lost its badge (issue 62).
      while (toMark.length) {
        const vin = toMark.pop() as string;
        const keys = keysOf.get(vin);
        if (!keys) continue;
        const elements = usable(keys.strong, vin).flatMap(([, carriers]) => carriers);
        if (elements.length) {
          matched.set(vin, elements);
          for (const el of elements) marks.markMatched(el, vin);
        } else weakOnly.push(vin);
        if ((toMark.length || weakOnly.length) && timeUp()) return null;
      }
      while (weakOnly.length) {
        const vin = weakOnly.pop() as string;
        const keys = keysOf.get(vin);
        if (!keys) continue;
        const elements = usable(keys.weak, vin)
          .flatMap(([, carriers]) => carriers)
          .filter((el) => !marks.inOtherBlock(el, vin));
        matched.set(vin, elements);
        for (const el of elements) marks.markMatched(el, vin);
        if (weakOnly.length && timeUp()) return null;
      }
      const result = ready;
      ready = new Set();
      learning = true;
      pageSelf = null;
      return result;
    },

    /** Marks again the elements matched to each VIN (after the marks were cleared). */
    remark() {
      for (const [vin, elements] of matched)
        for (const el of elements) if (el.isConnected) marks.markMatched(el, vin);
    },

    /** A VIN left the page: its data keys go with it. */
    forget(vin: string) {
      pageVehicles.delete(vin);
      looked.delete(vin);
      const keys = keysOf.get(vin);
      if (!keys) return;
      keysOf.delete(vin);
      matched.delete(vin);
      for (const key of [...keys.strong, ...keys.weak]) {
        const set = owners.get(key);
        set?.delete(vin);
        if (set?.size === 0) owners.delete(key);
      }
    },
  };
}

// What the page scanner knows of the page now: every VIN's occurrences, the verdicts, the badges and
// the VINs waiting for a step. Every map drops an element or a VIN when it leaves the page, so memory
// follows the page (a 5,000-card scroll, or a virtualised list of any length).
import { createVerdictMemo } from '@/lib/vin/verdict-memo';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import type { Occurrence } from './occurrence';
import type { Placer } from './placement';

export interface BadgeHandle {
  remove(): void;
  /** The element the badge lives in, when it has one: a page may remove it. */
  host?: Element;
}

// Verdicts kept for VINs that left the page (a virtualised list brings them back).
const MAX_JUDGED = 20_000;

export type PageState = ReturnType<typeof createPageState>;

export function createPageState(placer: Placer) {
  const occurrences = new Map<string, Occurrence[]>();
  const seenPairs = new WeakMap<Element, Set<string>>();
  const badges = new Map<string, { anchor: Element; handle: BadgeHandle }>();
  // VINs on the page the background accepted, with their decode.
  const accepted = new Map<string, LocalDecode>();
  // Candidates to hand the background; accepted VINs to place now; those that found no place yet.
  const toJudge = new Set<string>();
  const toPlace = new Set<string>();
  const waiting = new Set<string>();
  // What the background said of each candidate: kept for VINs that left too, up to a bound.
  const judged = createVerdictMemo<LocalDecode>(MAX_JUDGED);

  const state = {
    occurrences,
    seenPairs,
    badges,
    accepted,
    toJudge,
    toPlace,
    waiting,
    judged,
    /** Something changed in place: where each VIN is held is worked out afresh before placing. */
    forgotten: false,
    /** Badges may have lost their VIN, their card or their host: looked at before placing. */
    checkBadges: false,

    record(occurrence: Occurrence) {
      const { vin, element } = occurrence;
      const vins = seenPairs.get(element) ?? new Set<string>();
      seenPairs.set(element, vins);
      if (vins.has(vin)) return;
      vins.add(vin);
      const list = occurrences.get(vin);
      if (list) list.push(occurrence);
      else occurrences.set(vin, [occurrence]);
      placer.record(occurrence);
      // A candidate is judged once; a "VIN" label may turn a rejected one into a VIN.
      if (judged.needsJudging(vin, occurrence.labelled)) toJudge.add(vin);
      const decode = judged.verdictOf(vin);
      if (decode) {
        accepted.set(vin, decode);
        // A badge the page removed is found and put back by the badge check of this pass.
        if (!badges.has(vin)) {
          waiting.delete(vin);
          toPlace.add(vin);
        }
      }
    },

    /** Removes a VIN's badge; a VIN still accepted is placed again in this pass. */
    dropBadge(vin: string) {
      badges.get(vin)?.handle.remove();
      badges.delete(vin);
      if (accepted.has(vin)) toPlace.add(vin);
    },

    /**
     * An element changed in place (an attribute, its text; list views recycle cards this way): what
     * was found in it is forgotten, and the rescan that follows finds what it holds now.
     */
    forget(element: Element) {
      const vins = seenPairs.get(element);
      if (!vins) return;
      seenPairs.delete(element);
      state.forgotten = true;
      state.checkBadges = true;
      for (const vin of vins) {
        const kept = (occurrences.get(vin) ?? []).filter((o) => o.element !== element);
        if (kept.length) occurrences.set(vin, kept);
        else gone(vin);
      }
    },

    /** Drops what was removed from the page: its occurrences (badges follow in the next pass). */
    prune() {
      state.checkBadges = true;
      placer.noteRemoved();
      for (const [vin, list] of occurrences) {
        const alive = list.filter((o) => o.element.isConnected);
        if (alive.length === list.length) continue;
        // A removed element may come back (moved, re-rendered): then it is scanned afresh.
        for (const o of list) if (!o.element.isConnected) seenPairs.delete(o.element);
        if (alive.length) occurrences.set(vin, alive);
        else gone(vin);
      }
    },
  };

  /** A VIN has no occurrence left on the page. */
  function gone(vin: string) {
    occurrences.delete(vin);
    accepted.delete(vin);
    toJudge.delete(vin);
    toPlace.delete(vin);
    waiting.delete(vin);
    placer.forgetVin(vin);
  }

  return state;
}

// The placing half of a pass: badges for accepted VINs that have none yet (new, or whose anchor
// left the page). Only the VINs that changed are looked at. All placements are read first, then
// all badges written: interleaving would force a layout of the whole page for every badge.
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import type { createPageBeat } from '../pace/page-beat';
import type { createSliceClock, Step } from '../pace/slice-clock';
import type { HiddenText } from './hidden-text';
import type { Occurrence } from './occurrence';
import type { BadgeHandle, PageState } from './page-state';
import type { Placement, Placer } from './placement';

export interface DrainStats {
  scanMs: number;
  classifyMs: number;
  /** Placing and mounting badges; `placeMs` is the placing part (reads only). */
  mountMs: number;
  placeMs: number;
  badges: number;
  /** The longest stretch of work between two yields to the page, and the step it ended in. */
  longestSliceMs: number;
  longestSliceIn: Step;
}

export interface PlacePassParts {
  state: PageState;
  placer: Placer;
  clock: ReturnType<typeof createSliceClock>;
  beat: ReturnType<typeof createPageBeat>;
  hidden: HiddenText;
  mount(placement: Placement, decode: LocalDecode, found: Occurrence[]): BadgeHandle;
  signal: AbortSignal;
}

/** Returns the pass: it places and mounts what is due and returns its work in ms. */
export function createPlacePass(parts: PlacePassParts) {
  const { state, placer, clock, signal } = parts;
  const { occurrences, badges, toPlace, waiting } = state;

  /** Where each VIN is held is worked out afresh (something changed in place). */
  function relearn() {
    state.forgotten = false;
    placer.reset();
    for (const list of occurrences.values()) for (const o of list) placer.record(o);
    for (const vin of waiting) toPlace.add(vin);
    waiting.clear();
  }

  /** Badges whose VIN left, whose card left, or that the page removed on its own (put back after). */
  function checkBadges() {
    state.checkBadges = false;
    for (const [vin, badge] of badges)
      if (!occurrences.has(vin) || !badge.anchor.isConnected || badge.handle.host?.isConnected === false)
        state.dropBadge(vin);
  }

  return async function run(stats: DrainStats): Promise<number> {
    clock.step = 'place';
    let work = 0;
    const pause = async () => {
      work += clock.elapsed();
      await clock.yield();
      return signal.aborted;
    };
    if (state.forgotten) relearn();
    if (state.checkBadges) checkBadges();
    // VINs known only from the page's data: their cards are found by what they share with them.
    const dataOnly = new Map<string, Occurrence[]>();
    for (const vin of toPlace) {
      const list = occurrences.get(vin) ?? [];
      if (list.every((o) => o.kind === 'json')) dataOnly.set(vin, list);
    }
    if (dataOnly.size || waiting.size) {
      clock.step = 'index';
      while (!placer.indexStep(clock.timeUp)) if (await pause()) return work;
      clock.step = 'prepare';
      let ready = placer.prepareData(dataOnly, waiting, clock.timeUp);
      while (!ready) {
        if (await pause()) return work;
        ready = placer.prepareData(dataOnly, waiting, clock.timeUp);
      }
      for (const vin of ready) {
        waiting.delete(vin);
        toPlace.add(vin);
      }
    }
    clock.step = 'place';
    const placements: Array<[Placement, LocalDecode]> = [];
    for (const vin of [...toPlace]) {
      toPlace.delete(vin);
      const decode = state.accepted.get(vin);
      if (!decode || badges.has(vin)) continue;
      const placement = placer.place(vin, occurrences.get(vin) ?? [], parts.hidden.isVisible);
      if (placement) placements.push([placement, decode]);
      // No card for it yet: listed in the popup all the same, and tried again when the page changes.
      else waiting.add(vin);
      if (clock.timeUp() && (await pause())) return work;
    }
    stats.placeMs += work + clock.elapsed();
    clock.step = 'mount';
    if (placements.length) {
      work += clock.elapsed();
      clock.end();
      // Badges join the page in the frame of the page's own next change (page-beat.ts).
      await parts.beat.next();
      if (signal.aborted) return work;
      clock.restart();
    }
    for (const [placement, decode] of placements) {
      if (badges.has(placement.vin)) continue;
      if (!placement.anchor.isConnected) {
        waiting.add(placement.vin);
        continue;
      }
      badges.set(placement.vin, {
        anchor: placement.anchor,
        handle: parts.mount(placement, decode, occurrences.get(placement.vin) ?? []),
      });
      if (placement.append === 'end') parts.hidden.watch(placement.anchor, placement.vin);
      if (clock.timeUp() && (await pause())) return work;
    }
    return work + clock.elapsed();
  };
}

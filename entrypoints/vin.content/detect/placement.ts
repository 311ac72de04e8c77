// Decides where each vehicle's badge goes, trying every place the VIN was found, strongest evidence
// first (place-strategies.ts): beside the visible VIN; at the top of the card of any element that
// holds it; at the top of the one card a data block sits in; on a page about this one vehicle,
// beside its heading; then the one card that shares a key with its record (data-keys.ts). An
// element holding many VINs only says the VIN is on the page, never where its card is. Two cards
// that could match: no badge (the VIN is still in the popup's list). One badge per VIN.
import { createCardIndex } from './card-index';
import { createDataKeys } from './data-keys';
import type { Occurrence } from './occurrence';
import {
  besideShownText,
  byIdentity,
  inDataCard,
  inHoldingCard,
  onVehiclePage,
  type Placement,
} from './place-strategies';
import { createVinMarks } from './vin-marks';

export type { Placement } from './place-strategies';
export type Placer = ReturnType<typeof createPlacer>;

export function createPlacer(doc: Document) {
  const marks = createVinMarks(doc);
  const index = createCardIndex(doc);
  const keys = createDataKeys(doc, marks, index);

  return {
    record: marks.record,
    place(vin: string, occurrences: Occurrence[], isVisible: (el: Element) => boolean): Placement | null {
      return (
        besideShownText(marks, vin, occurrences, isVisible) ??
        inHoldingCard(marks, vin, occurrences) ??
        inDataCard(marks, vin, occurrences) ??
        onVehiclePage(doc, marks, keys, vin) ??
        byIdentity(marks, keys, vin)
      );
    },
    prepareData: keys.prepare,
    /** Forgets every VIN recorded: the caller records the current ones again. */
    reset() {
      marks.clear();
      keys.remark();
    },
    /** A VIN left the page: its data keys go with it. */
    forgetVin: keys.forget,
    /** Indexes the page's keys in slices: true when done (call before prepareData). */
    indexStep: index.step,
    noteAdded: index.noteAdded,
    noteRemoved: index.noteRemoved,
  };
}

// Where a badge sits so that it hides nothing of the page: near the vehicle's title or the card's top,
// on a spot where the page shows no text and no control, the whole pill if one fits, else the mark
// alone (which opens the same panel). Pure geometry over boxes the caller read (spot-watch.ts).

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface SpotInput {
  /** The vehicle's card (for a VIN shown as text: the block that holds it and no other vehicle). */
  card: Box;
  /** The last line of the card's title: its end is the first place tried. */
  title: Box | null;
  /** The last line of the text that shows the VIN (a badge placed beside it). */
  vinLine: Box | null;
  /** Every box of the page's own text runs and controls in and around the card, and other badges. */
  obstacles: Box[];
  /** The other badges placed in the card (also among the obstacles): a badge may sit beside one. */
  badges: Box[];
  pill: Size;
  compact: Size;
  /**
   * Room above the card that belongs to no other element (the gap between it and the element before
   * it): its top edge, or null when the badge may not leave the card (it would be clipped, or the
   * card has nothing before it to measure against).
   */
  gapTop: number | null;
  /**
   * How far right a badge may reach: the viewport's width, or nothing (Infinity) for a card in a
   * strip that scrolls sideways (a carousel), where the user scrolls to what is past the edge.
   */
  viewportWidth: number;
}

export interface Spot {
  left: number;
  top: number;
  compact: boolean;
  /** No spot was free: the least covering one (a card filled with text from edge to edge). */
  covers: boolean;
}

/** Space kept between the badge and what it sits beside. */
const GAP = 4;
/** How far into the card's corner the badge sits. */
const INSET = 4;

const area = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

interface Candidate extends Box {
  /** On a line of text (the title's, the VIN's): only the card's sides bound it, not its top and bottom. */
  onLine: boolean;
  /** In the gap above the card. */
  above?: boolean;
}

/** The places tried, best first, for a badge of `size`. */
function candidates(input: SpotInput, size: Size): Candidate[] {
  const { card, title, vinLine, gapTop, badges } = input;
  const at = (left: number, top: number, onLine = false): Candidate => ({
    left,
    top,
    right: left + size.width,
    bottom: top + size.height,
    onLine,
  });
  const centred = (line: Box) => line.top + (line.bottom - line.top - size.height) / 2;
  const out: Candidate[] = [];
  if (vinLine) {
    out.push(at(vinLine.right + GAP, centred(vinLine), true));
    // Two VINs in one text: beside the badges already at the end of its line.
    for (const other of badges)
      if (other.bottom > vinLine.top && other.top < vinLine.bottom)
        out.push(at(other.right + GAP, centred(vinLine), true));
  }
  if (title) out.push(at(title.right + GAP * 2, centred(title), true));
  out.push(at(card.right - INSET - size.width, card.top + INSET));
  // At the right end of the card's first lines (its mileage, its price): a short line leaves room
  // there for the whole pill where the title's line and the corners have none (issue 64).
  const lines = [
    ...new Set(input.obstacles.filter((o) => o.top > card.top && o.top < card.bottom).map((o) => o.top)),
  ];
  for (const top of lines.sort((a, b) => a - b).slice(0, 6))
    out.push(at(card.right - INSET - size.width, top));
  if (gapTop !== null && card.top - gapTop >= size.height + 2)
    out.push({ ...at(card.right - size.width, card.top - 1 - size.height), above: true });
  out.push(at(card.left + INSET, card.top + INSET));
  out.push(at(card.right - INSET - size.width, card.bottom - INSET - size.height));
  out.push(at(card.left + INSET, card.bottom - INSET - size.height));
  return out;
}

/** Whether `box` stays where a badge may be: within the card (or its gap above) and the viewport. */
function allowed(box: Candidate, input: SpotInput): boolean {
  const { card, gapTop, viewportWidth } = input;
  const top = box.above && gapTop !== null ? gapTop : card.top;
  return (
    box.left >= Math.max(card.left, 0) &&
    box.right <= Math.min(card.right, viewportWidth) &&
    (box.onLine || (box.top >= top && box.bottom <= card.bottom))
  );
}

/** How much of the page `box` would cover (0: none). */
const covered = (box: Box, obstacles: Box[]) => {
  let sum = 0;
  for (const o of obstacles) sum += area(box, o);
  return sum;
};

export function chooseSpot(input: SpotInput): Spot {
  let least: { box: Box; compact: boolean; cover: number } | null = null;
  for (const compact of [false, true]) {
    for (const box of candidates(input, compact ? input.compact : input.pill)) {
      if (!allowed(box, input)) continue;
      const cover = covered(box, input.obstacles);
      if (cover === 0) return { left: box.left, top: box.top, compact, covers: false };
      if (compact && (!least || cover < least.cover)) least = { box, compact, cover };
    }
  }
  if (least) return { left: least.box.left, top: least.box.top, compact: true, covers: true };
  // A card too small for even the mark: at its top left corner, as the page laid it out.
  return { left: input.card.left, top: input.card.top, compact: true, covers: true };
}

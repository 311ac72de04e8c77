// What the viewer draws for a report image it does not load (remote images wait for the user's
// switch; a relative one has nowhere to load from): a quiet box of the image's own size, not the
// browser's broken-image icon with its alt text clipped inside (issue 65). A data: SVG, so the
// report's CSP (img-src data:) lets it in and SVG-as-image runs nothing. Sized by the image's
// width and height attributes, which real reports give their seals, badges and icons (the
// simulator's providers model them); the page's CSS still sizes it as it would have the image.

/** Side of the box for an image that states no size: an icon's, not a photo's guess. */
const UNSIZED = 24;
/** Boxes at least this wide and tall are a bordered box with a picture glyph; smaller ones a dot. */
const GLYPH_FROM = { width: 32, height: 28 };

/** A positive pixel length from a width or height attribute ("64", "64px"); null otherwise. */
function pixels(value: string | null): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value ?? '');
  const n = match ? Number(match[1]) : Number.NaN;
  return n > 0 && n < 10_000 ? Math.round(n) : null;
}

/** The placeholder's data: URL for an image whose attributes say `width` and `height`. */
export function imagePlaceholder(width: string | null, height: string | null): string {
  const w = pixels(width) ?? pixels(height) ?? UNSIZED;
  const h = pixels(height) ?? pixels(width) ?? UNSIZED;
  // Grey with transparency: quiet on the report's own background, light or dark. An icon-sized one
  // is a dot: a bordered 18 px square beside "No Issue" read as an unticked checkbox.
  const large = w >= GLYPH_FROM.width && h >= GLYPH_FROM.height;
  const body = large
    ? `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" fill="#8a8a8a" fill-opacity="0.12" stroke="#8a8a8a" stroke-opacity="0.45"/><svg x="50%" y="50%" overflow="visible"><g transform="translate(-9 -7)" fill="none" stroke="#8a8a8a" stroke-width="1.5"><rect x="0.75" y="0.75" width="16.5" height="12.5" rx="1.5"/><path d="M3 11l4-4 3 3 2-2 3 3"/><circle cx="12.5" cy="4.5" r="1.25"/></g></svg>`
    : `<circle cx="50%" cy="50%" r="${Math.max(1, Math.min(w, h) / 4)}" fill="#8a8a8a" fill-opacity="0.45"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

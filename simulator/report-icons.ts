// The simulator's report icons: small SVG drawings on a 24x24 viewBox (drawn for this project), used
// as real providers' reports use theirs: inline <svg> with a viewBox and path data in one provider's
// report, an SVG sprite of <symbol>s referenced by <use href="#…"> in the other's.

export const ICON_PATHS = {
  owner: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
  accident:
    'M12 2l2.2 5.3 5.6-1.6-2.8 5 4.6 3.4-5.7.8.6 5.7L12 17.2l-4.5 3.4.6-5.7-5.7-.8 4.6-3.4-2.8-5 5.6 1.6z',
  title: 'M6 2h9l5 5v15H6zm8 1.5V8h4.5zM8.5 12h9v1.5h-9zm0 3h9v1.5h-9zm0 3h6v1.5h-6z',
  odometer:
    'M12 4a9 9 0 0 0-9 9c0 2.4.9 4.6 2.5 6.2l1.4-1.4A7 7 0 1 1 19 13a7 7 0 0 1-1.9 4.8l1.4 1.4A9 9 0 0 0 12 4zm4.2 4.4l-5.3 4.2a1.6 1.6 0 1 0 2.2 2.2z',
  service:
    'M21 6.5l-3.4 3.4-2.5-.6-.6-2.5L17.9 3.4a5 5 0 0 0-6.4 6.1l-8 8a1.8 1.8 0 0 0 2.5 2.5l8-8a5 5 0 0 0 6.1-6.4z',
  use: 'M4 11l2-5h12l2 5v7h-2.5v-2h-11v2H4zm3.2-3.5L6 10.5h12l-1.2-3zM7 12.5a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zm10 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6z',
  recall: 'M12 2L1 21h22zm-1 6h2v7h-2zm0 9h2v2h-2z',
  check: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.5 14.2L6 11.7l1.4-1.4 3.1 3.1 6.1-6.1 1.4 1.4z',
  alert: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 5h2v7h-2zm0 9h2v2h-2z',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** One icon as an inline <svg> with its own viewBox and path (providerA's way). */
export function inlineIcon(name: IconName, color: string, size = 28): string {
  return `<svg class="al-icon" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg"><path fill="${color}" fill-rule="evenodd" d="${ICON_PATHS[name]}"/></svg>`;
}

/** Every icon as a <symbol> of one hidden sprite (providerB's way). */
export function iconSprite(prefix: string): string {
  const symbols = Object.entries(ICON_PATHS)
    .map(([name, d]) => `<symbol id="${prefix}-${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" style="position:absolute;width:0;height:0;overflow:hidden" aria-hidden="true">${symbols}</svg>`;
}

/** An icon of the sprite, coloured by the `fill` it inherits. */
export function spriteIcon(prefix: string, name: IconName, size = 22, extraClass = ''): string {
  return `<svg class="${prefix}-icon ${extraClass}" width="${size}" height="${size}" aria-hidden="true"><use href="#${prefix}-${name}"/></svg>`;
}

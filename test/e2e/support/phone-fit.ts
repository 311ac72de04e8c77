// How a page fits a phone, measured in the page (passed to Playwright's or Puppeteer's evaluate, so
// it stays self-contained): horizontal overflow, targets under 24x24 px, controls under 44 px, and
// placeholders cut off by their field (a placeholder never wraps: what does not fit is not read).

export interface Fit {
  /** How far (px) the page is wider than its viewport: 0 means no horizontal scroll. */
  overflowX: number;
  /** Targets under 24x24 px: `tag "text" WxH`. */
  small: string[];
  /** Controls (not links in running text) under 44 px tall or wide: what a finger needs on touch. */
  short: string[];
  /** Empty fields whose placeholder is wider than the field: `#id "placeholder"`. */
  cutPlaceholders: string[];
}

/** What a finger meets: a checkbox or radio is aimed at through its label when it has one. */
export function measureFit(): Fit {
  const describe = (el: Element, r: DOMRect) =>
    `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`;
  const small: string[] = [];
  const short: string[] = [];
  for (const el of document.querySelectorAll(
    'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
  )) {
    const target = (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el;
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < 24 || r.height < 24) small.push(describe(el, r));
    if (!el.matches('a:not(.button)') && (r.width < 44 || r.height < 44)) short.push(describe(el, r));
  }
  const cutPlaceholders: string[] = [];
  const pen = document.createElement('canvas').getContext('2d');
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[placeholder], textarea[placeholder]',
  )) {
    if (!pen || field.value || field.offsetWidth === 0 || field instanceof HTMLTextAreaElement) continue;
    const style = getComputedStyle(field);
    pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (pen.measureText(field.placeholder).width > room + 1)
      cutPlaceholders.push(`#${field.id} "${field.placeholder}"`);
  }
  // clientWidth, not innerWidth: desktop Firefox's classic scrollbar takes 12 px of the viewport.
  const page = document.documentElement;
  return { overflowX: page.scrollWidth - page.clientWidth, small, short, cutPlaceholders };
}

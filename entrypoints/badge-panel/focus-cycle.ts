// The open panel keeps the keyboard as a dialog does (WCAG 2.1.2: Escape, or a click outside, gives
// it back to the pill): every Tab and Shift+Tab with focus in the badge has its default prevented and
// moves focus to the panel's next or previous control, wrapping around. The same for every Tab, in
// every state: a page sees each keydown (its capture listeners come first, and read defaultPrevented
// after) and where focus is (the badge's host), so a trap that let the browser move focus, or
// prevented only at the wrap, would let it count the panel's controls, and they differ with what the
// product knows of the vehicle (issue 63).

/** What Tab stops at in the panel, in document order (the close button, drawn top right, is last). */
const CONTROLS =
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function controlsOf(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (el) => el.getClientRects().length > 0 || typeof el.checkVisibility !== 'function',
  );
}

/** Handles one keydown in the badge's shadow root while the panel is open. */
export function cycleFocus(event: KeyboardEvent, panel: HTMLElement): void {
  if (event.key !== 'Tab' || event.isComposing) return;
  event.preventDefault();
  const controls = controlsOf(panel);
  const root = panel.getRootNode() as ShadowRoot;
  const at = controls.indexOf(root.activeElement as HTMLElement);
  if (controls.length === 0) {
    panel.focus({ preventScroll: true });
    return;
  }
  const step = event.shiftKey ? -1 : 1;
  // From the pill or the panel itself: the first control forward, the last one back.
  const next =
    at === -1 ? (step === 1 ? 0 : controls.length - 1) : (at + step + controls.length) % controls.length;
  controls[next]?.focus({ preventScroll: false });
}

/**
 * After the panel redrew: a control that had focus and is gone (a "Check records" replaced by its
 * counts) leaves focus on the panel itself, not on the page's body, so the next Tab still cycles here.
 */
export function keepFocusInside(panel: HTMLElement, pill: HTMLElement, hadFocus: boolean): void {
  if (!hadFocus) return;
  const active = (panel.getRootNode() as ShadowRoot).activeElement;
  if (!active || (!panel.contains(active) && active !== pill)) panel.focus({ preventScroll: true });
}

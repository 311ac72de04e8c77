// Styles of the in-page badge. They live inside the badge's closed shadow root: the page's CSS
// cannot reach in, and these cannot leak out. The host is absolutely positioned at its static place
// (no offsets): it takes no room, so the card keeps its size and layout, and its z-index stays low
// so the page's own sticky headers and dialogs cover it. A drawn badge is laid out and painted
// with the page on every frame the page changes, so the closed badge is one positioned box (the
// host, with layout containment: its inside is laid out on its own) and nothing positioned inside
// it until the panel opens (the host is the panel's containing block).
export const BADGE_CSS = `
:host { all: initial; position: absolute; z-index: 1; contain: layout style; }
/* Not drawn yet (far from the screen): no box at all, so it costs the page's layout nothing. */
:host(:not([data-vhr-shown])) { display: none; }
.badge { display: inline-block; }
/* At a card's top: raised onto the card's edge, so it covers as little of the card's own text as it
   can (the host itself moves, so what the user sees is where clicks land). */
:host([data-vhr-at="card"]) { transform: translateY(-70%); }
* { box-sizing: border-box; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.pill { display: inline-flex; align-items: center; gap: 5px; font-size: 12px; line-height: 18px; padding: 1px 8px 1px 2px;
  margin: 2px 4px; border: 1px solid #0f5f5c; border-radius: 11px; background: #fff; color: #0b3b39; cursor: pointer;
  white-space: nowrap; box-shadow: 0 1px 3px rgba(0,0,0,.18); }
.pill.known { background: #e8f5f4; }
.pill.owned { background: #0f5f5c; color: #fff; }
.pill.warn { border-color: #a4161a; background: #fff1f0; color: #7a0f12; font-weight: 600; }
.mark { display: inline-grid; place-items: center; width: 18px; height: 16px; border-radius: 5px; background: #0f5f5c; color: #fff;
  font-size: 9px; font-weight: 800; letter-spacing: -.02em; }
.pill.owned .mark { background: #fff; color: #0f5f5c; }
.pill:focus-visible, button:focus-visible { outline: 2px solid #0f5f5c; outline-offset: 2px; }
/* Read by screen readers, not shown; not positioned (see above). */
.visually-hidden { display: inline-block; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.panel { position: absolute; top: calc(100% + 2px); left: 4px; width: 290px; padding: 8px 12px 10px;
  background: #fff; color: #17202b; border: 1px solid #c6cdd6; border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18);
  font-size: 14px; line-height: 1.4; text-align: left; white-space: normal; }
.panel.up { top: auto; bottom: calc(100% + 2px); }
/* A phone: a sheet along the bottom of the viewport (a popover, in the top layer; see badge.tsx). */
.panel.sheet { position: fixed; inset: auto 0 0; margin: 0; width: auto; height: auto; max-height: 80vh; overflow: auto;
  border-radius: 12px 12px 0 0; padding: 12px 16px calc(16px + env(safe-area-inset-bottom)); }
/* Touch: the pill keeps its look and takes no room, but its hit area grows toward 44 px into the
   room above and below it that holds none of the page's controls (--up, --down: touch-reach.ts). */
@media (pointer: coarse) {
  .pill { position: relative; }
  .pill::after { content: ''; position: absolute; inset: calc(0px - var(--up, 0px)) 0 calc(0px - var(--down, 0px)); }
  button.act { min-height: 44px; }
  .close { min-width: 44px; min-height: 44px; }
}
.head { display: flex; align-items: center; gap: 6px; font-size: 13px; margin-bottom: 6px; }
.close { position: absolute; top: 4px; right: 4px; font: inherit; font-size: 18px; line-height: 1; border: 0; background: none; color: inherit; cursor: pointer; padding: 2px 6px; }
.vin { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 14px; letter-spacing: .04em; margin-bottom: 2px; }
.muted { color: #4f5b69; font-size: 13px; }
.warning { margin: 8px 0; padding: 6px 8px; border-left: 4px solid #a4161a; background: #fff1f0; color: #7a0f12; font-size: 13px; }
.counts { margin: 8px 0 2px; display: grid; grid-template-columns: auto auto; gap: 2px 12px; }
.error { color: #a4161a; margin: 6px 0; }
.actions { display: flex; gap: 6px; margin-top: 8px; flex-wrap: wrap; align-items: center; }
button.act { font: inherit; font-size: 13px; padding: 4px 10px; border-radius: 6px; border: 1px solid #0f5f5c; background: #0f5f5c; color: #fff; cursor: pointer; }
button.act.paid { background: #8a4b00; border-color: #8a4b00; }
button.act.secondary { background: #fff; color: #0f5f5c; }
@media (prefers-color-scheme: dark) {
  .pill { background: #1b2330; color: #bff0ec; border-color: #5fc4bd; }
  .pill.known { background: #16302e; }
  .pill.owned { background: #5fc4bd; color: #0d1117; }
  .pill.warn { background: #3a1416; color: #ffb4ab; border-color: #ff8a80; }
  .mark { background: #5fc4bd; color: #0d1117; }
  .panel { background: #1b2330; color: #e8edf3; border-color: #38414d; }
  .muted { color: #a9b4c2; }
  .warning { background: #3a1416; color: #ffb4ab; border-color: #ff8a80; }
  .error { color: #ff8a80; }
  button.act { background: #5fc4bd; border-color: #5fc4bd; color: #0d1117; }
  button.act.paid { background: #f0b060; border-color: #f0b060; color: #0d1117; }
  button.act.secondary { background: transparent; color: #5fc4bd; }
}
`;

// Styles of the in-page badge's pill. They live inside the badge's closed shadow root: the page's CSS
// cannot reach in, and these cannot leak out. The host is absolutely positioned at its static place
// and moved from there to its spot by a transform (badge-spot.ts): it takes no room, so the card
// keeps its size and layout, and its z-index stays low so the page's own sticky headers and dialogs
// cover it. The closed badge is one positioned box (the host, with layout containment: its inside is
// laid out on its own) and nothing positioned inside it until the panel opens (the host is the
// panel's containing block; the panel's own styles come with it: entrypoints/badge-panel/). Not drawn
// (far from the screen), it has no box and no styles: its holder is undisplayed and this sheet is
// not adopted (badge-holder.ts, showHolder).
import { VERDICT_ICON_CSS } from '@/lib/memory/verdict-icons';

export const BADGE_CSS = `
:host { all: initial; position: absolute; z-index: 1; contain: layout style; }
/* Drawn, not placed yet: laid out (its size is read) but not seen until it sits where it hides nothing. */
:host(:not([data-vhl-placed])) { visibility: hidden; }
.badge { display: inline-block; }
/* Every word the badge shows is generated content (pill.ts says why). */
[data-w]::before { content: attr(data-w); }
* { box-sizing: border-box; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.pill { display: inline-flex; align-items: center; gap: 5px; font-size: 12px; line-height: 18px; padding: 1px 8px 1px 2px;
  margin: 0; border: 1px solid #0f5f5c; border-radius: 11px; background: #fff; color: #0b3b39; cursor: pointer;
  white-space: nowrap; box-shadow: 0 1px 3px rgba(0,0,0,.18); }
/* Its words in one width whatever they say (pill.ts: a page can measure the badge's box). */
.words { display: inline-block; width: 11em; overflow: hidden; text-overflow: ellipsis; vertical-align: top; text-align: left; }
/* Where the whole pill would cover the page's text or controls: the mark and the icon, the same button. */
.pill.compact { padding: 1px 3px 1px 1px; gap: 3px; }
.mark { display: inline-grid; place-items: center; width: 18px; height: 18px; border-radius: 9px; background: #0f5f5c; color: #fff;
  font-size: 9px; font-weight: 800; letter-spacing: -.02em; }
/* The finding's icon (lib/memory/verdict-icons.ts, the popup's rows draw it too). */
${VERDICT_ICON_CSS}
/* Each kind of finding in its colours (4.5:1 or more against its background, light and dark). */
.pill.warn { border-color: #a4161a; background: #fff1f0; color: #7a0f12; }
.pill.warn .mark { background: #a4161a; }
.pill.good { border-color: #1e6b34; background: #eaf6ec; color: #14532d; }
.pill.caution { border-color: #8a5300; background: #fff5e0; color: #6b3f00; }
.pill.held { background: #0f5f5c; color: #fff; }
.pill.held .mark { background: #fff; color: #0f5f5c; }
.pill.known { background: #e8f5f4; }
.pill.none { color: #3d4a4a; }
.pill:focus-visible, button:focus-visible { outline: 2px solid #0f5f5c; outline-offset: 2px; }
/* Read by screen readers, not shown; not positioned (see above). */
.visually-hidden, .compact .text { display: inline-block; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
/* Touch: the pill keeps its look and takes no room, but its hit area grows toward 44 px into the
   room above and below it that holds none of the page's controls (--up, --down: touch-reach.ts). */
@media (pointer: coarse) {
  /* The browser's tap highlight would paint the whole grown area, over the sheet the tap opens. */
  .pill { position: relative; -webkit-tap-highlight-color: transparent; }
  .pill::after { content: ''; position: absolute; inset: calc(0px - var(--up, 0px)) 0 calc(0px - var(--down, 0px)); }
}
@media (prefers-color-scheme: dark) {
  .pill { background: #1b2330; color: #bff0ec; border-color: #5fc4bd; }
  .mark { background: #5fc4bd; color: #0d1117; }
  .pill.known { background: #16302e; }
  .pill.none { color: #c4d3d2; }
  .pill.held { background: #5fc4bd; color: #0d1117; }
  .pill.held .mark { background: #0d1117; color: #5fc4bd; }
  .pill.warn { background: #3a1416; color: #ffb4ab; border-color: #ff8a80; }
  .pill.warn .mark { background: #ff8a80; }
  .pill.good { background: #10291a; color: #a6e3b4; border-color: #6cc784; }
  .pill.caution { background: #33240a; color: #ffd596; border-color: #e0a23c; }
}
`;

// Styles of a badge's panel, adopted into the badge's closed shadow root beside the pill's
// (entrypoints/vin.content/badge/badge-style.ts, which also holds the shared font, box sizing and mark).
// The panel is a popover in the top layer, placed by its pill (panel.tsx, place()).
export const PANEL_CSS = `
/* The panel's words that depend on the account are generated content (panel.tsx says why). */
[data-w]::before { content: attr(data-w); }
/* One size whatever it holds (issue 55: a page can measure a popover's box): what does not fit scrolls within. */
.panel { position: fixed; inset: auto; margin: 0; width: 300px; height: min(440px, calc(100vh - 16px)); overflow: auto; padding: 0;
  background: #fff; color: #17202b; border: 1px solid #c6cdd6; border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18);
  font-size: 14px; line-height: 1.4; text-align: left; white-space: normal; }
/* Always its own scroller, never chaining to the page's (issue 63): a wheel over a panel whose words
   fit would scroll the page and over a longer one would not, telling the page what it holds. A 1 px
   mark just past its bottom makes every panel scrollable; overscroll-behavior keeps the rest in. */
.panel { overscroll-behavior: contain; }
.panel::after { content: ''; position: absolute; top: 100%; left: 0; width: 1px; height: 1px; }
/* A phone: a sheet along the bottom of the viewport (a popover, in the top layer; see panel.tsx). */
.panel.sheet { position: fixed; inset: auto 0 0; margin: 0; width: auto; height: 70vh; overflow: auto;
  border-radius: 12px 12px 0 0; padding: 0 0 env(safe-area-inset-bottom); }
/* Inside the fixed box (issue 64): what the panel found and the rest scroll, the actions stay pinned
   at the bottom, always in view; a cue says when more lies below. Blank fill is fine, a cut button not. */
.frame { display: flex; flex-direction: column; height: 100%; }
.scroll { flex: 1 1 auto; min-height: 0; overflow: auto; overscroll-behavior: contain; padding: 8px 12px 6px; }
.sheet .scroll { padding: 12px 16px 6px; }
.pinned { flex: none; padding: 6px 12px 10px; border-top: 1px solid #c6cdd6; background: inherit; }
.sheet .pinned { padding: 6px 16px 12px; }
.pinned .actions { margin-top: 0; }
.pinned p { margin: 4px 0 0; }
.more { margin: 0 0 6px !important; font-size: 12px; font-weight: 600; color: #0f5f5c; }
.more::after { content: ''; display: inline-block; width: 6px; height: 6px; margin: 0 0 3px 6px; border: solid currentColor; border-width: 0 2px 2px 0; transform: rotate(45deg); }
@media (pointer: coarse) {
  button.act { min-height: 44px; }
  .close { min-width: 44px; min-height: 44px; }
}
.head { display: flex; align-items: center; gap: 6px; font-size: 13px; margin-bottom: 6px; }
.close { position: absolute; top: 4px; right: 4px; font: inherit; font-size: 18px; line-height: 1; border: 0; background: none; color: inherit; cursor: pointer; padding: 2px 6px; }
.vin { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 14px; letter-spacing: .04em; margin-bottom: 2px; }
.muted { color: #4f5b69; font-size: 13px; }
.facts { margin: 6px 0; font-size: 13px; }
/* The memory of vehicles seen: one short line each, the mileage warning among them drawn as a warning. */
.memory { margin: 6px 0; }
.memory .seen { margin: 3px 0; font-size: 13px; }
.memory-actions { margin-top: 6px; }
.findings { margin: 6px 0; }
/* A finding as what it is: good news for a buyer in green, neither in the panel's own blue-grey. */
.finding { margin: 6px 0; padding: 6px 8px; border-left: 4px solid #5b6b7d; background: #f3f5f8; font-size: 13px; }
.finding.good { border-color: #1e7a3c; background: #eef8f0; color: #14532d; }
.findings .recall-finding { margin: 6px 0; padding: 6px 8px; border-left: 4px solid #8a4b00; background: #fff7e6; font-size: 13px; }
.warning { margin: 8px 0; padding: 6px 8px; border-left: 4px solid #a4161a; background: #fff1f0; color: #7a0f12; font-size: 13px; }
.counts { margin: 8px 0 2px; display: grid; grid-template-columns: auto auto; gap: 2px 12px; }
.error { color: #a4161a; margin: 6px 0; }
.actions { display: flex; gap: 6px; margin-top: 8px; flex-wrap: wrap; align-items: center; }
button.act { font: inherit; font-size: 13px; padding: 4px 10px; border-radius: 6px; border: 1px solid #0f5f5c; background: #0f5f5c; color: #fff; cursor: pointer; }
button.act.paid { background: #8a4b00; border-color: #8a4b00; }
button.act.secondary { background: #fff; color: #0f5f5c; }
/* NHTSA's free facts (free-facts-part.tsx): a part of their own under a rule. */
.free { margin: 8px 0 0; border-top: 1px solid #c6cdd6; padding-top: 6px; font-size: 13px; }
/* NHTSA's facts can run long: they scroll within the panel, below its own actions. */
div.free { max-height: min(40vh, 300px); overflow: auto; }
.free p { margin: 3px 0; }
.free-head { font-weight: 600; }
.free .recall { font-size: 12px; }
.free a, .findings a, button.link { color: #0f5f5c; }
button.link { font: inherit; border: 0; background: none; padding: 0; text-decoration: underline; cursor: pointer; }
button:focus-visible { outline: 2px solid #0f5f5c; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  .panel { background: #1b2330; color: #e8edf3; border-color: #38414d; }
  .muted { color: #a9b4c2; }
  .warning { background: #3a1416; color: #ffb4ab; border-color: #ff8a80; }
  .findings .recall-finding { background: #33260f; color: #ffd8a8; border-color: #f0b060; }
  .finding { background: #222b38; color: #e8edf3; border-color: #8a99ab; }
  .finding.good { background: #12301d; color: #b6f0c8; border-color: #5fcf85; }
  .error { color: #ff8a80; }
  .free, .pinned { border-color: #38414d; }
  .more { color: #5fc4bd; }
  .free a, .findings a, button.link { color: #5fc4bd; }
  button.act { background: #5fc4bd; border-color: #5fc4bd; color: #0d1117; }
  button.act.paid { background: #f0b060; border-color: #f0b060; color: #0d1117; }
  button.act.secondary { background: transparent; color: #5fc4bd; }
}
`;

// Styles of the in-page badge. They live inside the badge's closed shadow root: the page's CSS
// cannot reach in, and these cannot leak out.
export const BADGE_CSS = `
:host { all: initial; display: inline-block; vertical-align: middle; margin: 2px 4px; position: relative; z-index: 2147483000; }
html, body { display: inline-block; margin: 0; padding: 0; }
.badge { position: relative; display: inline-block; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.pill { display: inline-flex; align-items: center; gap: 4px; font-size: 12px; line-height: 18px; padding: 1px 8px 1px 3px;
  border: 1px solid #0b57d0; border-radius: 11px; background: #fff; color: #0b3d91; cursor: pointer; white-space: nowrap; }
.pill:focus-visible, button:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
.tag { background: #0b57d0; color: #fff; border-radius: 8px; padding: 0 5px; font-size: 10px; font-weight: 700; letter-spacing: .04em; }
.panel { position: absolute; top: calc(100% + 4px); left: 0; min-width: 250px; max-width: 320px; padding: 10px 12px;
  background: #fff; color: #17202b; border: 1px solid #c6cdd6; border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18); font-size: 13px; line-height: 1.4; text-align: left; }
.vin { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; letter-spacing: .04em; margin-bottom: 4px; }
.muted { color: #4f5b69; font-size: 12px; }
.counts { margin: 8px 0; display: grid; grid-template-columns: auto auto; gap: 2px 12px; }
.error { color: #a4161a; margin: 6px 0; }
.actions { display: flex; gap: 6px; margin-top: 8px; flex-wrap: wrap; }
button.act { font: inherit; font-size: 12px; padding: 4px 10px; border-radius: 6px; border: 1px solid #0b57d0; background: #0b57d0; color: #fff; cursor: pointer; }
button.act.secondary { background: #fff; color: #0b57d0; }
@media (prefers-color-scheme: dark) {
  .pill { background: #1b2330; color: #cfe0ff; border-color: #8ab4f8; }
  .tag { background: #8ab4f8; color: #0d1117; }
  .panel { background: #1b2330; color: #e8edf3; border-color: #38414d; }
  .muted { color: #a9b4c2; }
  .error { color: #ff8a80; }
  button.act { background: #8ab4f8; border-color: #8ab4f8; color: #0d1117; }
  button.act.secondary { background: transparent; color: #8ab4f8; }
}
`;

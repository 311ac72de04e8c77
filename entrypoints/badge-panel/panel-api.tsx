// What the content script calls to draw or remove a badge's panel (panel-contract.ts): its styles are
// adopted into the badge's shadow root on the first open, the panel is rendered under the pill.
import { render } from 'preact';
import type { BadgePanelApi } from '../vin.content/badge/panel-contract';
import { Panel } from './panel';
import { PANEL_CSS } from './panel-style';

let sheet: CSSStyleSheet | undefined;

export const badgePanelApi: BadgePanelApi = {
  open(target, props) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(PANEL_CSS);
    }
    const adopted = target.shadow.adoptedStyleSheets;
    if (!adopted.includes(sheet)) target.shadow.adoptedStyleSheets = [...adopted, sheet];
    render(<Panel {...props} pill={target.pill} />, target.mount);
  },
  close(target) {
    render(null, target.mount);
  },
};

// The badge panel, injected by the background into a page's extension world on the first click of a
// badge there (scripting.executeScript with this file: never a web-accessible resource, so no page
// can load it). Everything only a click needs lives here, not in the content script every listing
// page loads: Preact, the panel and its styles.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { PANEL_GLOBAL } from '../vin.content/badge/panel-contract';
import { badgePanelApi } from './panel-api';

export default defineUnlistedScript(() => {
  (globalThis as Record<string, unknown>)[PANEL_GLOBAL] ??= badgePanelApi;
});

// Runs on listing pages. Detection and badges arrive with the VIN-detection issue; until then
// this entry only proves the script is injected where it should be (tests read the marker).
import { defineContentScript } from 'wxt/utils/define-content-script';
import { BUILT_IN_SITES, sitePatterns } from '@/lib/sites';

export default defineContentScript({
  matches: BUILT_IN_SITES.flatMap(sitePatterns),
  runAt: 'document_idle',
  main() {
    document.documentElement.dataset.vhrActive = 'true';
  },
});

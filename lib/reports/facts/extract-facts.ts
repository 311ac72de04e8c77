// The key facts of a report's HTML, by its layout and variant (report-layout.ts; not by the
// provider's name: a layout this version does not know gives no facts and says so). `doc` is the
// report as DOMParser made it: inert, its scripts never run (a state script is read as JSON text).
// Called in an extension page, never in the content script and never in Chrome's worker (no
// DOMParser there).
import { providerAFacts } from './provider-a-facts';
import { providerB21Facts } from './provider-b21-facts';
import { providerB24Facts } from './provider-b24-facts';
import { noFacts, type ReportFacts } from './report-facts';
import { reportLayout } from './report-layout';

export function extractFacts(doc: Document): ReportFacts {
  const found = reportLayout(doc);
  if (!found) return noFacts(null);
  if (found.layout === 'providerA') return providerAFacts(doc, found.variant);
  return found.variant === 'B24' ? providerB24Facts(doc) : providerB21Facts(doc);
}

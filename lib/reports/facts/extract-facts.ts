// The key facts of a report's HTML, by its layout (not by the provider's name: a layout this version
// does not know gives no facts and says so). `doc` is the report as DOMParser made it: inert, its
// scripts never run (a state script is read as JSON text). Called in an extension page, never in the
// content script and never in Chrome's worker (no DOMParser there).
import { isProviderALayout, providerAFacts } from './provider-a-facts';
import { isProviderBLayout, providerBFacts } from './provider-b-facts';
import { noFacts, type ReportFacts } from './report-facts';

export function extractFacts(doc: Document): ReportFacts {
  if (isProviderBLayout(doc)) return providerBFacts(doc);
  if (isProviderALayout(doc)) return providerAFacts(doc);
  return noFacts(null);
}

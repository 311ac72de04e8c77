// The address of the report viewer for one report, used wherever a page links to one.
import type { Provider } from '../domain';

/** `report.html?provider=…&id=…`, relative to the extension's pages. */
export function reportUrl(provider: Provider, id: string): string {
  return `report.html?provider=${provider}&id=${encodeURIComponent(id)}`;
}

// The badge panel arrives on the first click of a page: the background injects
// entrypoints/badge-panel/ into this frame's extension world (scripting.executeScript with the file:
// a dynamic import() would need the file web-accessible, loadable by every page). One request per
// page, shared by every badge; a failure is said, and the next click asks again.
import type { Result } from '@/lib/errors/result';
import { send } from '../send';
import { type BadgePanelApi, PANEL_GLOBAL } from './panel-contract';

let loading: Promise<Result<null>> | undefined;

const loaded = () => (globalThis as Record<string, unknown>)[PANEL_GLOBAL] as BadgePanelApi | undefined;

/** The panel's entry, once injected; the reason when it could not be. */
export async function badgePanel(): Promise<BadgePanelApi | string> {
  const ready = loaded();
  if (ready) return ready;
  loading ??= send('loadBadgePanel', undefined);
  const result = await loading;
  if (!result.ok) loading = undefined;
  return loaded() ?? (result.ok ? 'The panel did not load: reload the page.' : result.error.message);
}

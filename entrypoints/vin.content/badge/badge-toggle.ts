// Opens and closes a badge's panel from its pill: the pill says whether it is open, the panel comes
// from `load` (the first time a page's badge opens, the background injects it: panel-loader.ts), and
// counts a check brings change the pill's words (never its size: pill.ts).

import type { LocalDecode } from '@/lib/vin/vin-verdict';
import type { BadgeActions, BadgePanelApi, ListingRef, PanelTarget } from './panel-contract';
import type { Pill, PillState } from './pill';

export interface ToggleOptions {
  pill: Pill;
  target: PanelTarget;
  state: PillState;
  decode: LocalDecode;
  actions: BadgeActions;
  listing: ListingRef;
  load(): Promise<BadgePanelApi | string>;
  /** Opened or closed (the host is raised above its neighbours while open); `drawn`: the panel is there. */
  onOpen(open: boolean, drawn: boolean): void;
}

export function createToggle(o: ToggleOptions) {
  let open = false;
  const expanded = (value: boolean) => o.pill.button.setAttribute('aria-expanded', String(value));
  async function setOpen(next: boolean): Promise<void> {
    if (next === open) return;
    open = next;
    expanded(next);
    o.onOpen(next, false);
    const panel = await o.load();
    if (typeof panel === 'string') {
      // Said on the pill itself (its tooltip); the next click asks again.
      open = false;
      expanded(false);
      o.onOpen(false, false);
      o.pill.button.title = panel;
      return;
    }
    if (!open) return panel.close(o.target);
    o.onOpen(true, true);
    panel.open(o.target, {
      decode: o.decode,
      actions: o.actions,
      counts: o.state.counts,
      owned: o.state.owned,
      mismatch: o.state.mismatch,
      listing: o.listing,
      onCounts: (counts) => {
        o.state.counts = counts;
        o.pill.show(o.state);
      },
      onClose: () => void setOpen(false),
    });
  }
  o.pill.button.addEventListener('click', () => void setOpen(!open));
  return { isOpen: () => open, setOpen };
}

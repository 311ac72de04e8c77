// The workbench's state as the background keeps it: the table, the batch under way or last run, the
// counts and reports known. The page holds none of it for long: it asks again after every change and,
// while a batch runs or a row is unsure of a purchase, every POLL_MS (the batch runs in the
// background: closing the page stops nothing).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import type { Vin } from '@/lib/vin/vin-syntax';
import { isActive } from '@/lib/workbench/batch';
import type { WorkbenchView } from '@/lib/workbench/workbench';

/** How often the page asks for the batch's progress while it runs. */
const POLL_MS = 700;

export function useWorkbench() {
  const [view, setView] = useState<WorkbenchView | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const [acting, setActing] = useState(false);
  // Answers are shown in the order they were asked, and none asked before the table's last change
  // here: an answer asked before "Add the VINs on this tab" was saved, arriving after it, emptied
  // the table for a moment (seen by workbench.test.ts under load).
  const asked = useRef(0);
  const shown = useRef(0);

  async function refresh() {
    const id = ++asked.current;
    const answer = await ask('getWorkbench', undefined);
    if (id < shown.current) return;
    shown.current = id;
    if (answer.ok) {
      setView(answer.value);
      setFailure(null);
    } else setFailure(answer.error);
  }
  useEffect(() => {
    void refresh();
    // Credits, allowance and the reports held, read afresh (the table shows the cached ones meanwhile).
    void ask('getAccount', { fresh: true }).then(refresh);
  }, []);

  // A finished batch whose rows all left the table is not shown any more (its VINs are gone).
  const batch =
    view?.batch && (isActive(view.batch) || view.batch.rows.some((r) => view.vins.includes(r.vin)))
      ? view.batch
      : null;
  const live = isActive(batch) || !!batch?.rows.some((r) => r.state === 'unsure');
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [live]);

  async function saveVins(next: Vin[]) {
    // Sent with the table it changes: another workbench tab's VINs added meanwhile stay.
    const base = view?.vins;
    shown.current = ++asked.current;
    if (view) setView({ ...view, vins: next });
    const saved = await ask('setWorkbenchVins', { vins: next, ...(base ? { base } : {}) });
    if (!saved.ok) setFailure(saved.error);
    await refresh();
  }

  /** Cancel or Resume: one at a time (a second click while the first is answered does nothing). */
  async function act(type: 'cancelWorkbenchBatch' | 'resumeWorkbenchBatch') {
    if (acting) return;
    setActing(true);
    try {
      const answer = await ask(type, undefined);
      if (!answer.ok) setFailure(answer.error);
      await refresh();
    } finally {
      setActing(false);
    }
  }

  return { view, batch, failure, setFailure, acting, refresh, saveVins, act };
}

// The viewer's offer of a complete copy, in the toolbar's row (report-toolbar.tsx): shown plain, and
// under "Why?" which hosts the report's look comes from and what the browser will ask; then the
// download under way, one more question for hosts named only inside a stylesheet, and what was kept
// (or why not, with the report left as it was).
import { formatBytes, storageUseText, useStorageUse } from '@/components/use-storage-use';
import type { CompleteCopy } from '@/lib/reports/library-messages';
import type { Skipped } from '@/lib/reports/offline/download-copy';
import { hostOf } from '@/lib/reports/offline/resource-url';
import type { CopyPlan, CopyStep } from './use-complete-copy';

/** The words of the browser's own prompt for a host permission, so the user knows what is coming. */
const prompt = (hosts: string[]) =>
  import.meta.env.BROWSER === 'firefox'
    ? `Firefox will ask to let the extension “Access your data for ${hosts.join(', ')}”.`
    : `Chrome will ask to let the extension “Read and change your data on ${hosts.join(', ')}”.`;

/** What Chrome cannot check (it has no DNS API for extensions): said before the user agrees. */
const NAME_RISK =
  import.meta.env.BROWSER === 'firefox'
    ? ' Each name is looked up first: one that leads to this computer or your network is not downloaded from.'
    : ' Chrome cannot tell the extension where a name leads: allow only hosts you recognise as the report provider’s, since a name could point at this computer or your network.';

function SkippedList({ skipped }: { skipped: Skipped[] }) {
  if (!skipped.length) return null;
  return (
    <details class="copy-skipped">
      <summary>{skipped.length === 1 ? '1 file left out' : `${skipped.length} files left out`}</summary>
      <ul>
        {skipped.map((s) => (
          <li key={s.url}>
            {hostOf(s.url)}: {`${new URL(s.url).pathname}${new URL(s.url).search}`.slice(0, 80)} · {s.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What keeping this copy added: its files are shared with copies already kept, when they are the same. */
function keptText(files: number, bytes: number, newBytes: number): string {
  const count = files === 1 ? '1 file' : `${files} files`;
  if (newBytes >= bytes) return `${count}, all new to the library.`;
  if (newBytes === 0) return `${count}, all shared with copies already kept: 0 KB new to the library.`;
  return `${count}; ${formatBytes(newBytes)} new to the library, the rest shared with copies already kept.`;
}

interface PanelProps {
  copy: CompleteCopy | undefined;
  plan: CopyPlan | null;
  state: CopyStep;
  start(): void;
  more(allow: boolean): void;
  forget(): void;
}

export function CompleteCopyPanel({ copy, plan, state, start, more, forget }: PanelProps) {
  const use = useStorageUse(copy);
  if (copy === undefined) return null;
  if (copy) {
    return (
      <p
        class="copy-panel copy-kept"
        data-testid="copy-kept"
        title="Shown with its own stylesheets, fonts and images, kept on this computer: opening it makes no request."
      >
        Complete copy kept ({formatBytes(copy.bytes)}): opens with its own look, no request.
        {state.step === 'done' && <> {keptText(state.files, state.kept.bytes, state.kept.newBytes)}</>}{' '}
        <button type="button" class="link" onClick={forget}>
          Forget the copy
        </button>
        {state.step === 'done' && <SkippedList skipped={state.skipped} />}
      </p>
    );
  }
  if (!plan?.hosts.length) return null;
  return (
    <section class="copy-panel" aria-label="Complete copy" data-testid="copy-panel">
      {(state.step === 'idle' || state.step === 'failed') && (
        <>
          <div class="copy-offer">
            <button type="button" onClick={start}>
              Keep a complete copy…
            </button>{' '}
            {/* One unit: on a phone it wraps whole, never a lone "Why?" on a line of its own. */}
            <div class="plain-why">
              Shown plain.{' '}
              {/* Folded: the report comes first on the screen (issue 56); every word is a click away. */}
              <details class="copy-why">
                <summary>Why?</summary>
                <div class="why-text">
                  <p>
                    This report takes its look (stylesheets, fonts, images) from{' '}
                    <strong>{plan.hosts.join(', ')}</strong>, which the viewer never loads: it is shown
                    without them. A complete copy downloads them once and keeps them with the report, so it
                    opens as its provider made it, offline, with no request. {prompt(plan.hosts)}
                    {NAME_RISK}
                    {plan.refused.length > 0 &&
                      ` Never downloaded: ${plan.refused.map((r) => `${r.host} (${r.reason})`).join(', ')}.`}
                  </p>
                  {use && <p class="muted">{storageUseText(use)}</p>}
                </div>
              </details>
            </div>
          </div>
          {state.step === 'failed' && (
            <p class="copy-error" role="alert" data-testid="copy-error">
              {state.message}
            </p>
          )}
          {state.step === 'failed' && <SkippedList skipped={state.skipped} />}
        </>
      )}
      {state.step === 'asking' && <p role="status">Waiting for your answer to the browser’s question…</p>}
      {state.step === 'downloading' && (
        <p role="status">
          Downloading the report’s look: {state.files} files, {formatBytes(state.bytes)} so far…
        </p>
      )}
      {state.step === 'large' && (
        <p role="alert">
          This copy is already {formatBytes(state.bytes)}, more than most.
          {use ? ` ${storageUseText(use)}` : ''}{' '}
          <button type="button" onClick={() => state.answer(true)}>
            Go on
          </button>{' '}
          <button type="button" onClick={() => state.answer(false)}>
            Stop, keep nothing
          </button>
        </p>
      )}
      {state.step === 'more-hosts' && (
        <p role="alert" data-testid="copy-more-hosts">
          The report’s stylesheets also load files from <strong>{state.hosts.join(', ')}</strong> (fonts, most
          often). {prompt(state.hosts)}{' '}
          <button type="button" onClick={() => more(true)}>
            Allow {state.hosts.join(', ')} too…
          </button>{' '}
          <button type="button" onClick={() => more(false)}>
            Keep the copy without them
          </button>
        </p>
      )}
      {state.step === 'saving' && <p role="status">Keeping the copy…</p>}
    </section>
  );
}

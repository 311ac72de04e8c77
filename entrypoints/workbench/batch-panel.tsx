// The batch under way (or last run): a progress bar, what happened so far, why it stopped or waits,
// and the only two ways to act on it: Cancel, and Resume after the extension stopped mid-batch.
import { plural } from '@/lib/plural';
import { type Batch, isActive, progressOf } from '@/lib/workbench/batch';

const TITLE: Record<Batch['state'], string> = {
  running: 'under way',
  paused: 'waiting (rate-limited)',
  interrupted: 'interrupted: waiting for you',
  stopped: 'stopped',
  cancelled: 'cancelled',
  done: 'finished',
};

export function BatchPanel(props: {
  batch: Batch;
  /** A Cancel or Resume is on its way to the background: the buttons wait for its answer. */
  acting?: boolean;
  onCancel(): void;
  onResume(): void;
}) {
  const { batch } = props;
  const { settled, total } = progressOf(batch);
  const n = (state: Batch['rows'][number]['state']) => batch.rows.filter((r) => r.state === state).length;
  const buy = batch.kind === 'buy';
  const parts = [
    n('done') && `${n('done')} ${buy ? 'bought' : 'checked'}`,
    n('held') && `${n('held')} already yours`,
    n('unsure') && `${n('unsure')} checking whether it went through`,
    n('failed') && `${n('failed')} failed`,
    n('skipped') && `${n('skipped')} ${buy ? 'not bought' : 'not checked'}`,
  ].filter(Boolean);
  return (
    <section class="step batch" aria-labelledby="batch-title" data-state={batch.state} data-batch={batch.id}>
      <h2 id="batch-title">
        {buy ? 'Buying reports' : 'Checking records'}: {TITLE[batch.state]}
      </h2>
      <div
        class="progress"
        role="progressbar"
        aria-label={buy ? 'Purchases done' : 'Record checks done'}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={settled}
        aria-valuetext={`${settled} of ${total}`}
      >
        <div style={{ width: `${total ? (settled / total) * 100 : 0}%` }} />
      </div>
      <p data-testid="batch-summary">
        {settled} of {plural(total, 'row')}
        {parts.length > 0 && `: ${parts.join(' · ')}`}
      </p>
      {batch.message && (
        <p
          class={`notice${batch.state === 'stopped' || batch.state === 'interrupted' ? ' warn' : ''}`}
          role="status"
        >
          {batch.message}
        </p>
      )}
      {isActive(batch) && (
        <div class="row">
          {batch.state === 'interrupted' && (
            <button type="button" class="primary" onClick={props.onResume} disabled={props.acting}>
              Resume
            </button>
          )}
          <button type="button" class="danger" onClick={props.onCancel} disabled={props.acting}>
            Cancel the batch
          </button>
        </div>
      )}
    </section>
  );
}

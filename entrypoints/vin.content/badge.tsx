// The badge shown beside each vehicle: the free local decode at once; record counts only when
// the user asks (each check is watched by the service); a report only through the extension's
// own confirmation window, never from the page.
// A class component: preact/hooks would cost the content script 0.5 KB gzip of its 15 KB budget.
import { Component } from 'preact';
import type { RecordCounts } from '@/lib/api/schemas';
import { plural } from '@/lib/plural';
import { type Result, unanswered } from '@/lib/result';
import type { LocalDecode } from '@/lib/vin-verdict';

export interface BadgeActions {
  checkRecords(vin: string): Promise<Result<RecordCounts>>;
  openPurchase(vin: string): Promise<Result<null>>;
}

interface BadgeProps {
  decode: LocalDecode;
  actions: BadgeActions;
  /** Told when the panel opens or closes (the host raises itself above neighbouring badges). */
  onToggle?(open: boolean): void;
  /** Counts the background already knows: shown without a new check. */
  known?: RecordCounts | undefined;
}

interface BadgeState {
  open: boolean;
  step: Step;
  notice: string | null;
}

type Step = { step: 'idle' } | { step: 'checking' } | { step: 'checked'; result: Result<RecordCounts> };

export class Badge extends Component<BadgeProps, BadgeState> {
  override state: BadgeState = {
    open: false,
    step: this.props.known
      ? { step: 'checked', result: { ok: true, value: this.props.known } }
      : { step: 'idle' },
    notice: null,
  };

  setOpen(open: boolean) {
    this.setState({ open });
    this.props.onToggle?.(open);
  }

  check = async () => {
    this.setState({ step: { step: 'checking' } });
    const result: Result<RecordCounts> = await this.props.actions
      .checkRecords(this.props.decode.vin)
      .catch(unanswered);
    this.setState({ step: { step: 'checked', result } });
  };

  purchase = async () => {
    const result = await this.props.actions
      .openPurchase(this.props.decode.vin)
      .catch((error: unknown): Result<null> => unanswered(error));
    this.setState({ notice: result.ok ? 'The report window is open: confirm there.' : result.error.message });
  };

  render({ decode }: BadgeProps, { open, step: state, notice }: BadgeState) {
    const label = [decode.modelYear, decode.make].filter(Boolean).join(' ') || 'VIN';
    const setOpen = (next: boolean) => this.setOpen(next);
    const check = this.check;
    const purchase = this.purchase;
    return (
      <div class="badge">
        <button
          type="button"
          class="pill"
          aria-expanded={open}
          title={`VIN ${decode.vin}: vehicle history`}
          onClick={() => setOpen(!open)}
        >
          <span class="tag">VIN</span>
          {label}
        </button>
        {open && (
          <section
            class="panel"
            aria-label={`Vehicle ${decode.vin}`}
            onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          >
            <div class="vin">{decode.vin}</div>
            <div class="muted">
              {[
                decode.modelYear,
                decode.make ?? `manufacturer code ${decode.wmi}`,
                decode.country ?? decode.region,
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
            {state.step === 'idle' && (
              <div class="actions">
                <button type="button" class="act" onClick={check}>
                  Check records
                </button>
                <span class="muted">uses 1 record check</span>
              </div>
            )}
            {state.step === 'checking' && (
              <p class="muted" role="status">
                Checking records…
              </p>
            )}
            {state.step === 'checked' && state.result.ok && (
              <>
                <div class="counts" role="status">
                  <strong>
                    {state.result.value.vehicle.year || ''} {state.result.value.vehicle.make}{' '}
                    {state.result.value.vehicle.model}
                  </strong>
                  <span />
                  <span>providerA</span>
                  <span data-provider="providerA">
                    {plural(state.result.value.records.providerA, 'record')}
                  </span>
                  <span>providerB</span>
                  <span data-provider="providerB">
                    {plural(state.result.value.records.providerB, 'record')}
                  </span>
                </div>
                <div class="actions">
                  <button type="button" class="act" onClick={purchase}>
                    Get a report…
                  </button>
                </div>
              </>
            )}
            {state.step === 'checked' && !state.result.ok && (
              <>
                <p class="error" role="alert">
                  {state.result.error.message}
                </p>
                <button type="button" class="act secondary" onClick={check}>
                  Try again
                </button>
              </>
            )}
            {notice && <p class="muted">{notice}</p>}
          </section>
        )}
      </div>
    );
  }
}

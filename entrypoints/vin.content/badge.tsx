// The badge shown beside each vehicle: the extension's mark and the vehicle's state at a glance
// (not checked, counts known, report owned, or a warning when the VIN contradicts the listing);
// record counts only when the user asks (each check is watched by the service); a report only
// through the extension's own confirmation window, never from the page. The balance is never shown
// here: a web page must not learn it.
// A class component: preact/hooks would cost the content script 0.5 KB gzip of its budget.
import { Component, createRef } from 'preact';
import type { RecordCounts } from '@/lib/domain';
import type { NewRecords } from '@/lib/messaging/page-messages';
import { type Result, unanswered } from '@/lib/messaging/result';
import { plural } from '@/lib/plural';
import { newRecordsText } from '@/lib/records/new-records';
import type { ListingSays } from '@/lib/vin/listing-mismatch';
import { decodeLine } from '@/lib/vin/vehicle-text';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import { watchTouchReach } from './touch-reach';

export interface BadgeActions {
  checkRecords(vin: string): Promise<Result<RecordCounts>>;
  openPurchase(vin: string): Promise<Result<null>>;
  openOwned(vin: string): Promise<Result<null>>;
  checkNewRecords(vin: string): Promise<Result<NewRecords>>;
}

interface BadgeProps {
  decode: LocalDecode;
  actions: BadgeActions;
  /** Told when the panel opens or closes (the host raises itself above neighbouring badges). */
  onToggle?(open: boolean): void;
  /** Counts the background already knows: shown without a new check. */
  known?: RecordCounts | undefined;
  /** The user holds a report for this VIN. */
  owned?: boolean;
  /** What the listing says that the VIN's decode contradicts. */
  mismatch?: ListingSays | null;
}

interface BadgeState {
  open: boolean;
  step: Step;
  notice: string | null;
  /** "Check for new records" of a report held. */
  since: Result<NewRecords> | 'checking' | null;
  /** Where the panel opens: flipped up near the bottom, moved left (px) near the right edge. */
  up: boolean;
  dx: number;
  /**
   * On a narrow screen (a phone) the panel is a sheet along the bottom of the viewport, in the top
   * layer (a popover): no card's transform, overflow or stacking can clip or hide it there.
   */
  sheet: boolean;
}

/** At most this wide (CSS px), the panel opens as a bottom sheet. */
const SHEET_MAX_WIDTH = 480;

type Step = { step: 'idle' } | { step: 'checking' } | { step: 'checked'; result: Result<RecordCounts> };

const total = (counts: RecordCounts) => counts.records.providerA + counts.records.providerB;

export class Badge extends Component<BadgeProps, BadgeState> {
  override state: BadgeState = {
    open: false,
    step: this.props.known
      ? { step: 'checked', result: { ok: true, value: this.props.known } }
      : { step: 'idle' },
    notice: null,
    since: null,
    up: false,
    dx: 0,
    sheet: false,
  };

  root = createRef<HTMLDivElement>();

  // A click anywhere outside the badge closes its panel (the closed shadow root makes the page's
  // events arrive retargeted to our host, which is how "inside" is told apart).
  outside = (event: Event) => {
    const inside = this.root.current;
    const root = inside?.getRootNode();
    const boundary = root && 'host' in root ? (root as ShadowRoot).host : inside;
    if (boundary && !event.composedPath().includes(boundary)) this.setOpen(false);
  };

  // Escape closes the panel (seen at the document in the capture phase: keys typed in the badge
  // never reach the page's own handlers, see mount-badge.tsx).
  escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    this.setOpen(false);
    this.root.current?.querySelector<HTMLElement>('.pill')?.focus();
  };

  setOpen(open: boolean) {
    this.setState({ open, up: false, dx: 0, sheet: open && innerWidth <= SHEET_MAX_WIDTH });
    this.props.onToggle?.(open);
    if (open) {
      document.addEventListener('pointerdown', this.outside, true);
      document.addEventListener('keydown', this.escape, true);
    } else {
      document.removeEventListener('pointerdown', this.outside, true);
      document.removeEventListener('keydown', this.escape, true);
    }
  }

  /** Cancels the touch hit-area measure (touch-reach.ts). */
  stopReach = () => {};

  override componentDidMount() {
    if (this.root.current) this.stopReach = watchTouchReach(this.root.current);
  }

  override componentDidUpdate(_: BadgeProps, previous: BadgeState) {
    if (!this.state.open || previous.open) return;
    // Opened: keep the panel inside the window (upward near the bottom, leftward near the right).
    const panel = this.root.current?.querySelector<HTMLElement>('.panel');
    if (this.state.sheet) return panel?.showPopover?.();
    const rect = panel?.getBoundingClientRect();
    if (!rect) return;
    const up = rect.bottom > innerHeight && rect.top - rect.height - 40 > 0;
    const dx = rect.right > innerWidth - 8 ? Math.max(innerWidth - 8 - rect.right, 8 - rect.left) : 0;
    if (up || dx) this.setState({ up, dx });
  }

  override componentWillUnmount() {
    this.stopReach();
    document.removeEventListener('pointerdown', this.outside, true);
    document.removeEventListener('keydown', this.escape, true);
  }

  check = async () => {
    this.setState({ step: { step: 'checking' } });
    const result: Result<RecordCounts> = await this.props.actions
      .checkRecords(this.props.decode.vin)
      .catch(unanswered);
    this.setState({ step: { step: 'checked', result } });
  };

  checkNew = async () => {
    this.setState({ since: 'checking' });
    const since: Result<NewRecords> = await this.props.actions
      .checkNewRecords(this.props.decode.vin)
      .catch(unanswered);
    this.setState({ since });
  };

  act = async (action: 'openPurchase' | 'openOwned') => {
    const result = await this.props.actions[action](this.props.decode.vin).catch(
      (error: unknown): Result<null> => unanswered(error),
    );
    this.setState({
      notice: result.ok
        ? action === 'openPurchase'
          ? 'The report window is open: confirm there.'
          : 'Your report opened in a new tab.'
        : result.error.message,
    });
  };

  render(
    { decode, owned, mismatch }: BadgeProps,
    { open, step: state, notice, since, up, dx, sheet }: BadgeState,
  ) {
    const label = [decode.modelYear, decode.make].filter(Boolean).join(' ') || 'Vehicle';
    const counts = state.step === 'checked' && state.result.ok ? state.result.value : null;
    const pillText = mismatch
      ? 'VIN does not match'
      : owned
        ? 'owned · open'
        : counts
          ? `${label} · ${plural(total(counts), 'record')}`
          : label;
    const close = () => this.setOpen(false);
    return (
      <div class="badge" ref={this.root}>
        <button
          type="button"
          class={`pill${mismatch ? ' warn' : owned ? ' owned' : counts ? ' known' : ''}`}
          aria-expanded={open}
          title={`VIN History Lens · VIN ${decode.vin}`}
          onClick={() => this.setOpen(!open)}
        >
          <span class="mark" aria-hidden="true">
            VH
          </span>
          <span>
            <span class="visually-hidden">VIN History Lens: </span>
            {mismatch ? '⚠ ' : ''}
            {pillText}
          </span>
        </button>
        {open && (
          <section
            class={`panel${up ? ' up' : ''}${sheet ? ' sheet' : ''}`}
            popover={sheet ? 'manual' : undefined}
            style={dx ? { transform: `translateX(${dx}px)` } : undefined}
            aria-label={`Vehicle ${decode.vin}`}
          >
            <header class="head">
              <span class="mark" aria-hidden="true">
                VH
              </span>
              <strong>VIN History Lens</strong>
            </header>
            <div class="vin">{decode.vin}</div>
            <div class="muted">
              {counts
                ? [counts.vehicle.year || '', counts.vehicle.make, counts.vehicle.model].join(' ').trim()
                : decodeLine(decode)}
            </div>
            {mismatch && (
              <p class="warning" role="alert">
                {`This VIN decodes as ${[decode.modelYear, decode.make].filter(Boolean).join(' ')}, but the listing says ${[mismatch.year, mismatch.make].filter(Boolean).join(' ')}. A typo, or a sign of fraud: check the VIN before paying for anything.`}
              </p>
            )}
            {counts && (
              <>
                <div class="counts" role="status">
                  <span>providerA</span>
                  <span data-provider="providerA">{plural(counts.records.providerA, 'record')}</span>
                  <span>providerB</span>
                  <span data-provider="providerB">{plural(counts.records.providerB, 'record')}</span>
                </div>
                <p class="muted">
                  Records are entries in each provider's history: registrations, inspections, title changes,
                  odometer readings.
                </p>
              </>
            )}
            {state.step === 'checking' && (
              <p class="muted" role="status">
                Checking records…
              </p>
            )}
            {state.step === 'checked' && !state.result.ok && (
              <p class="error" role="alert">
                {state.result.error.message}
              </p>
            )}
            <div class="actions">
              {owned && (
                <button type="button" class="act" onClick={() => this.act('openOwned')}>
                  Open your report (free)
                </button>
              )}
              {owned && since === null && (
                <button type="button" class="act secondary" onClick={this.checkNew}>
                  Check for new records · 1 record check
                </button>
              )}
              {!owned && state.step === 'idle' && (
                <>
                  <button type="button" class="act" onClick={this.check}>
                    Check records
                  </button>
                  <span class="muted">uses 1 record check</span>
                </>
              )}
              {!owned && counts && (
                <button type="button" class="act paid" onClick={() => this.act('openPurchase')}>
                  Get a report · 1 credit…
                </button>
              )}
              {state.step === 'checked' && !state.result.ok && (
                <button type="button" class="act secondary" onClick={this.check}>
                  Try again
                </button>
              )}
            </div>
            {since === 'checking' && (
              <p class="muted" role="status">
                Checking for new records…
              </p>
            )}
            {since && since !== 'checking' && (
              <p class={since.ok ? '' : 'error'} role="status" data-testid="since">
                {since.ok ? newRecordsText(since.value) : since.error.message}
              </p>
            )}
            {notice && <p class="muted">{notice}</p>}
            {/* Last in the tab order (the first Tab from the pill reaches the action), shown top right. */}
            <button type="button" class="close" aria-label="Close" onClick={close}>
              ×
            </button>
          </section>
        )}
      </div>
    );
  }
}

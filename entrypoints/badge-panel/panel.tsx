// A badge's panel: the vehicle's decode, its record counts when the user asks (each check is watched
// by the service), a report only through the extension's own confirmation window, never from the
// page. The balance is never shown here: a web page must not learn it. Drawn in the badge's closed
// shadow root, under the pill the content script draws (entrypoints/vin.content/badge/pill.ts).
// Every word that depends on the account (counts, a report held, its facts, which actions there are)
// is CSS generated content (`<W>`), never a text node: window.find() and Selection.modify() reach
// into closed shadow roots, generated content they do not (issue 44). Buttons are named for screen
// readers by aria-label, which no page script can read inside the closed root either.
import { Component, createRef } from 'preact';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import type { RecordCounts } from '@/lib/domain';
import { type Result, unanswered } from '@/lib/errors/result';
import { type HistoryLine, historyWords } from '@/lib/memory/history-words';
import { MARKET_EXPLAINED, marketLine, marketSources } from '@/lib/memory/market-words';
import { vehicleHistory } from '@/lib/memory/vehicle-history';
import type { FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
import { plural } from '@/lib/plural';
import { newRecordsText } from '@/lib/records/new-records';
import type { NewRecords } from '@/lib/records/page-messages';
import { type HeldFacts, heldFactsLine } from '@/lib/reports/facts/held-facts';
import { decodeLine } from '@/lib/vin/decode-line';
import type { Vin } from '@/lib/vin/vin-syntax';
import type { PanelProps } from '../vin.content/badge/panel-contract';
import { send } from '../vin.content/send';
import { cycleFocus, keepFocusInside } from './focus-cycle';
import { FreeFactsPart, RecallLookupLink, recallFinding } from './free-facts-part';

interface PanelState {
  step: Step;
  notice: string | null;
  /** "Check for new records" of a report held. */
  since: Result<NewRecords> | 'checking' | null;
  /** Where the panel opens: flipped up near the bottom; its box in the viewport (it is fixed, in the top layer). */
  up: boolean;
  top: number;
  left: number;
  /** Set when the panel is taller than the room on its side of the pill: it scrolls within. */
  maxHeight: number | null;
  /** The read reports held (asked for when an owned VIN's panel opens), worded with `names`. */
  held: HeldFacts | null;
  /** The user's names for the providers (options); the API's names until they arrive. */
  names: ProviderNames;
  /** What the memory of vehicles seen says (asked for when the panel opens), and whether it is watched. */
  memory: {
    lines: HistoryLine[];
    watched: boolean;
    known: boolean;
    gauge: HistoryLine | null;
    /** Where the gauge's cars came from (sites, sellers, days), said behind its "How?". */
    sources: string;
  } | null;
  /** The fair-price gauge's "How?" is open. */
  how: boolean;
  memoryNote: string | null;
  /** NHTSA's free facts (asked when the panel opens); null while asking. */
  free: Result<FreeFactsAnswer> | null;
  /** More of the panel below what its scrolling part shows: the cue above the pinned actions. */
  more: boolean;
}

/** At most this wide (CSS px), the panel opens as a bottom sheet. */
const SHEET_MAX_WIDTH = 480;
/** The panel's fixed size (panel-style.ts says the same in CSS): whatever it holds. */
const PANEL_WIDTH = 300;
const PANEL_HEIGHT = () => Math.min(440, innerHeight - 16);

type Step = { step: 'idle' } | { step: 'checking' } | { step: 'checked'; result: Result<RecordCounts> };

/** Words shown as generated content (`[data-w]::before { content: attr(data-w) }`). */
const W = ({ t }: { t: string }) => <span data-w={t} />;

/** A button whose words are generated content, named for screen readers by its aria-label. */
function Act({ words, class: className, onClick }: { words: string; class: string; onClick(): void }) {
  return (
    <button type="button" class={className} aria-label={words} onClick={onClick}>
      <W t={words} />
    </button>
  );
}

/**
 * A listing the memory holds, opened by the background in a new tab (a link in the closed root cannot
 * navigate: the badge's host cancels every click); the href says what it is.
 */
function ListingLink({ vin, url, words }: { vin: string; url: string; words: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={`${words}. Opens that listing in a new tab.`}
      onClick={(event) => {
        event.preventDefault();
        void send('openListing', { vin: vin as Vin, url }).catch(() => undefined);
      }}
    >
      <W t={words} />
    </a>
  );
}

export class Panel extends Component<PanelProps & { pill: HTMLElement }, PanelState> {
  override state: PanelState = {
    step: this.props.counts
      ? { step: 'checked', result: { ok: true, value: this.props.counts } }
      : { step: 'idle' },
    notice: null,
    since: null,
    up: false,
    top: 0,
    left: 0,
    maxHeight: null,
    held: null,
    names: {},
    memory: null,
    how: false,
    memoryNote: null,
    free: null,
    more: false,
  };

  root = createRef<HTMLElement>();
  scroller = createRef<HTMLDivElement>();

  /** Whether the scrolling part holds more below what it shows (read after each change and scroll). */
  cue = () => {
    const el = this.scroller.current;
    const more = !!el && el.scrollHeight - el.scrollTop - el.clientHeight > 4;
    if (more !== this.state.more) this.setState({ more });
  };
  /**
   * On a narrow screen (a phone) the panel is a sheet along the bottom of the viewport, in the top
   * layer (a popover): no card's transform, overflow or stacking can clip or hide it there.
   */
  sheet = innerWidth <= SHEET_MAX_WIDTH;

  // A click anywhere outside the badge closes the panel (the closed shadow root makes the page's
  // events arrive retargeted to the badge's host, which is how "inside" is told apart).
  outside = (event: Event) => {
    const root = this.root.current?.getRootNode();
    const host = root && 'host' in root ? (root as ShadowRoot).host : null;
    if (host && !event.composedPath().includes(host)) this.props.onClose();
  };

  // Escape closes the panel (seen at the document in the capture phase: keys typed in the badge
  // never reach the page's own handlers, see mount-badge.ts) and gives the focus back to the pill.
  escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    this.props.onClose();
    this.props.pill.focus();
  };

  override componentDidMount() {
    // Only once the user opened the panel: the pill itself says "owned", never what the report says.
    if (this.props.owned)
      this.props.actions
        .ownedFacts(this.props.decode.vin)
        .then((result) => result.ok && this.setState({ held: result.value }))
        .catch(() => undefined);
    send('getProviderNames', undefined)
      .then((result) => result.ok && this.setState({ names: result.value }))
      .catch(() => undefined);
    this.readMemory();
    this.props.actions
      .freeFacts(this.props.decode.vin)
      .catch(unanswered)
      .then((free) => this.setState({ free }));
    document.addEventListener('pointerdown', this.outside, true);
    document.addEventListener('keydown', this.escape, true);
    const panel = this.root.current;
    // Tab cycles inside the open badge, the same for every press (focus-cycle.ts).
    const shadow = panel?.getRootNode();
    shadow?.addEventListener('keydown', this.tab as EventListener, true);
    shadow?.addEventListener('focusin', this.focused, true);
    // In the top layer (a popover) on every screen (issue 54): no card's containment, clipping or
    // stretched link can hide or cover it there.
    panel?.showPopover?.();
    if (this.sheet) return;
    this.place();
    // It follows its pill as the page or any box in it scrolls. Its size is fixed (panel-style.ts):
    // what arrives after it opened scrolls within, and never moves or grows it (issue 55).
    addEventListener('scroll', this.follow, { capture: true, passive: true });
    addEventListener('resize', this.follow, { passive: true });
  }

  frame = 0;
  follow = () => {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.place());
  };

  /**
   * Keeps the panel by its pill and inside the window: below the pill, or upward when it does not fit
   * below and there is more room above, moved left near the right edge, and shorter than its fixed
   * size only where the window leaves less room on its side. Placed by its fixed size, never by what
   * it holds: a page can measure where it is (issue 55).
   */
  place() {
    const panel = this.root.current;
    if (!panel) return;
    const pill = this.props.pill.getBoundingClientRect();
    const fixed = PANEL_HEIGHT();
    const below = innerHeight - pill.bottom - 8;
    const above = pill.top - 8;
    const up = fixed > below && above > below;
    const room = Math.floor(up ? above : below);
    const maxHeight = fixed > room ? Math.max(room, 120) : null;
    const height = Math.min(fixed, maxHeight ?? fixed);
    const width = PANEL_WIDTH;
    const top = Math.round(up ? pill.top - 2 - height : pill.bottom + 2);
    const left = Math.round(Math.max(8, Math.min(pill.left + 4, innerWidth - 8 - width)));
    const { state } = this;
    if (up !== state.up || top !== state.top || left !== state.left || maxHeight !== state.maxHeight)
      this.setState({ up, top, left, maxHeight });
  }

  /** Focus has been in the badge since the panel opened (focus-cycle.ts keeps it there). */
  focusInside = false;
  focused = () => {
    this.focusInside = true;
  };
  tab = (event: KeyboardEvent) => {
    const panel = this.root.current;
    if (panel) cycleFocus(event, panel);
  };

  override componentDidUpdate() {
    const panel = this.root.current;
    if (panel) keepFocusInside(panel, this.props.pill, this.focusInside);
    this.cue();
  }

  override componentWillUnmount() {
    const shadow = this.root.current?.getRootNode();
    shadow?.removeEventListener('keydown', this.tab as EventListener, true);
    shadow?.removeEventListener('focusin', this.focused, true);
    cancelAnimationFrame(this.frame);
    removeEventListener('scroll', this.follow, { capture: true });
    removeEventListener('resize', this.follow);
    document.removeEventListener('pointerdown', this.outside, true);
    document.removeEventListener('keydown', this.escape, true);
  }

  /** The vehicle's history on this device (lib/memory/), worded here: the background hands over its listings. */
  readMemory() {
    const { decode, listing, actions } = this.props;
    actions
      .history(decode.vin, listing.url)
      .then((result) => {
        if (!result.ok) return;
        const { listings, current, at, report, watched, market } = result.value;
        const history = vehicleHistory(listings, current, at, report);
        this.setState({
          memory: {
            lines: historyWords(history, at),
            watched,
            known: listings.length > 0,
            gauge: market ? marketLine(market) : null,
            sources: market ? marketSources(market) : '',
          },
        });
      })
      .catch(() => undefined);
  }

  /**
   * The fair-price gauge's line (lib/memory/market-words.ts): a finding with how it is worked out
   * behind "How?". What it still lacks is no line at all (issue 64: "12 similar … needed; you've seen
   * 0" on every panel said nothing); the watched page says it.
   */
  gaugeLine(gauge: HistoryLine) {
    const { how } = this.state;
    return (
      <div class={`finding ${gauge.tone}`} data-testid="fair-price">
        <W t={gauge.text} />{' '}
        <button
          type="button"
          class="link"
          aria-expanded={how}
          aria-label="How is the price judged?"
          onClick={() => this.setState({ how: !how })}
        >
          <W t="How?" />
        </button>
        {how && (
          <p class="muted">
            <W t={`${this.state.memory?.sources ?? ''} ${MARKET_EXPLAINED}`} />
          </p>
        )}
      </div>
    );
  }

  watch = async () => {
    const on = !this.state.memory?.watched;
    const result = await this.props.actions
      .watch(this.props.decode.vin, on, this.props.listing.title)
      .catch(unanswered);
    if (result.ok && this.state.memory) this.setState({ memory: { ...this.state.memory, watched: on } });
    this.setState({
      memoryNote: result.ok
        ? on
          ? 'Watched: see it under Watched vehicles in the library.'
          : 'No longer watched.'
        : result.error.message,
    });
  };

  forget = async () => {
    const result = await this.props.actions.forget(this.props.decode.vin).catch(unanswered);
    if (result.ok)
      this.setState({ memory: { lines: [], watched: false, known: false, gauge: null, sources: '' } });
    this.setState({
      memoryNote: result.ok
        ? 'Forgotten: nothing of this vehicle is kept on this device now.'
        : result.error.message,
    });
  };

  check = async () => {
    this.setState({ step: { step: 'checking' } });
    const result: Result<RecordCounts> = await this.props.actions
      .checkRecords(this.props.decode.vin)
      .catch(unanswered);
    this.setState({ step: { step: 'checked', result } });
    if (result.ok) this.props.onCounts(result.value);
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

  render() {
    const { decode, owned, mismatch, onClose } = this.props;
    const {
      step: state,
      notice,
      since,
      up,
      top,
      left,
      maxHeight,
      held,
      names,
      memory,
      memoryNote,
      free,
    } = this.state;
    // Findings first, in order of harm (issues 55, 56): a mileage warning, a recall, an accident or a
    // title brand in a report held, then what the prices say; where it was seen after them.
    const warnings = memory?.lines.filter((line) => line.finding && line.tone === 'warn') ?? [];
    const prices = memory?.lines.filter((line) => line.finding && line.tone !== 'warn') ?? [];
    const seen = memory?.lines.filter((line) => !line.finding) ?? [];
    const recall = recallFinding(free, this.props.listing.title);
    const gauge = memory?.gauge ?? null;
    const facts = held && heldFactsLine(held, names);
    const heldBad =
      owned &&
      facts !== null &&
      (/\b\d+ accidents?\b|accidents reported/.test(facts) || /\b(?!clean )\w+ title\b/.test(facts));
    const counts = state.step === 'checked' && state.result.ok ? state.result.value : null;
    return (
      <section
        ref={this.root}
        class={`panel${up ? ' up' : ''}${this.sheet ? ' sheet' : ''}`}
        popover="manual"
        // A panel longer than its box scrolls: Firefox then puts the scroller itself in the Tab
        // order before its first button. Its controls are the stops; arrows scroll from them.
        tabIndex={-1}
        style={
          this.sheet
            ? {}
            : {
                top: `${top}px`,
                left: `${left}px`,
                ...(maxHeight ? { height: `${maxHeight}px` } : {}),
              }
        }
        aria-label={`Vehicle ${decode.vin}`}
        // A dialog: Tab cycles inside it until Escape (or a click outside) returns to the page.
        role="dialog"
        aria-modal="true"
        aria-description="Tab moves between this panel's controls; Escape returns to the page."
      >
        {/* Findings first, then the rest, scrolling between them and the pinned actions (issue 64). */}
        <div class="frame">
          <div class="scroll" ref={this.scroller} onScroll={this.cue}>
            <header class="head">
              <span class="mark" aria-hidden="true">
                V
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
            {owned && facts && !heldBad && (
              <p class="facts" data-testid="owned-facts">
                <W t={facts} />
              </p>
            )}
            {(warnings.length > 0 || recall || heldBad || prices.length > 0 || gauge?.finding) && (
              <div class="findings" data-testid="findings">
                {warnings.map((line) => (
                  <p key={line.text} class="warning">
                    <W t={line.text} />
                  </p>
                ))}
                {recall && (
                  <p class={recall.tone === 'warn' ? 'warning' : 'recall-finding'}>
                    <W t={recall.text} /> <RecallLookupLink vin={decode.vin} />
                  </p>
                )}
                {heldBad && facts && (
                  <p class="warning" data-testid="owned-facts">
                    <W t={facts} />
                  </p>
                )}
                {prices.map((line) => (
                  <p key={line.text} class={`finding ${line.tone}`}>
                    {line.url ? (
                      <ListingLink vin={decode.vin} url={line.url} words={line.text} />
                    ) : (
                      <W t={line.text} />
                    )}
                  </p>
                ))}
                {gauge?.finding && this.gaugeLine(gauge)}
              </div>
            )}
            {seen.length > 0 && (
              <div class="memory" data-testid="memory">
                {seen.map((line) => (
                  <p key={line.text} class="seen">
                    <W t={line.text} />
                  </p>
                ))}
              </div>
            )}
            {counts && (
              <>
                <div class="counts" role="status">
                  <span>{providerLabel(names, 'providerA')}</span>
                  <span data-provider="providerA">
                    <W t={`${plural(counts.records.providerA, 'record')} on file`} />
                  </span>
                  <span>{providerLabel(names, 'providerB')}</span>
                  <span data-provider="providerB">
                    <W t={`${plural(counts.records.providerB, 'record')} on file`} />
                  </span>
                </div>
                <p class="muted">
                  <W t="Records are entries in each provider's history: registrations, inspections, title changes, odometer readings." />
                </p>
              </>
            )}
            {state.step === 'checking' && (
              <p class="muted" role="status">
                <W t="Checking records…" />
              </p>
            )}
            {state.step === 'checked' && !state.result.ok && (
              <p class="error" role="alert">
                <W t={state.result.error.message} />
              </p>
            )}
            {since === 'checking' && (
              <p class="muted" role="status">
                <W t="Checking for new records…" />
              </p>
            )}
            {since && since !== 'checking' && (
              <p class={since.ok ? '' : 'error'} role="status" data-testid="since">
                <W t={since.ok ? newRecordsText(since.value, names) : since.error.message} />
              </p>
            )}
            {memory && (
              <div class="actions memory-actions">
                <Act
                  class="act secondary"
                  words={memory.watched ? 'Watching · stop' : 'Watch this vehicle'}
                  onClick={this.watch}
                />
                {memory.known && (
                  <Act class="act secondary" words="Forget this vehicle" onClick={this.forget} />
                )}
              </div>
            )}
            {memoryNote && (
              <p class="muted" role="status">
                <W t={memoryNote} />
              </p>
            )}
            {/* After the panel's own actions: NHTSA's facts are reading, the first Tab reaches the action. */}
            <FreeFactsPart
              vin={decode.vin}
              title={this.props.listing.title}
              actions={this.props.actions}
              warned={mismatch !== null}
              answer={free}
            />
          </div>
          <div class="pinned">
            {this.state.more && (
              <p class="more" aria-hidden="true">
                <W t="More below" />
              </p>
            )}
            <div class="actions">
              {owned && (
                <Act class="act" words="Open your report (free)" onClick={() => this.act('openOwned')} />
              )}
              {owned && since === null && (
                <Act
                  class="act secondary"
                  words="Check for new records · 1 record check"
                  onClick={this.checkNew}
                />
              )}
              {!owned && state.step === 'idle' && (
                <>
                  <Act class="act" words="Check records" onClick={this.check} />
                  <span class="muted">
                    <W t="Free: how many records each provider has. Uses 1 record check; many without a purchase can get your key revoked." />
                  </span>
                </>
              )}
              {!owned && counts && (
                <Act
                  class="act paid"
                  words="Get a report · 1 credit…"
                  onClick={() => this.act('openPurchase')}
                />
              )}
              {state.step === 'checked' && !state.result.ok && (
                <Act class="act secondary" words="Try again" onClick={this.check} />
              )}
            </div>
            {notice && (
              <p class="muted">
                <W t={notice} />
              </p>
            )}
          </div>
        </div>
        {/* Last in the tab order (the first Tab from the pill reaches the action), shown top right. */}
        <button type="button" class="close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </section>
    );
  }
}

// bench:feed's account of causes: a Chromium trace of one tab's main thread, each slice of time
// (an event's self time, its duration less its children's) put down to what caused it, read from
// where it sits: JavaScript of the content script or of the page (by the script's URL of the nearest
// call), style and layout a script forced (inside its call) or the frame's own rendering (inside the
// frame's lifecycle update, where the page's and our DOM writes are laid out), observers' delivery,
// garbage collection. The same page traced where the content script runs and where it does not:
// the differences per cause are what it costs and where.

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own clock (CPU time it ran), where the trace has it. */
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

export const CAUSES = [
  'content script: its JavaScript',
  'content script: style and layout its reads forced',
  'page: its JavaScript',
  'page: style and layout its reads forced',
  'microtasks (promise and mutation-observer callbacks)',
  'observers: resize and intersection, the browser part',
  'frames: style',
  'frames: layout',
  'frames: paint, pre-paint and compositing',
  'garbage collection',
  'other (task scheduling, parsing, messages)',
] as const;
export type Cause = (typeof CAUSES)[number];

const JS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'v8.callFunction',
  'V8.Execute',
  'v8.run',
]);
const STYLE =
  /^(UpdateLayoutTree|Document::(updateStyle|recalcStyle|rebuildLayoutTree|updateActiveStyle)|Blink\.Style\.|ParseAuthorStyleSheet|Document::UpdateStyleAndLayout$)/;
const LAYOUT =
  /^(Layout$|LocalFrameView::(layout|performLayout)|Blink\.Layout\.|InlineNode::|Blink\.ForcedStyleAndLayout)/;
const PAINT =
  /^(Paint|PrePaint|Commit|Layerize|Blink\.(Paint|PrePaint|CompositingInputs|CompositingCommit)\.|LocalFrameView::(Run(Paint|PrePaint|CompositingInputs)LifecyclePhase|pushPaintArtifactToCompositor)|PaintArtifactCompositor|CullRectUpdate)/;
const OBSERVERS =
  /^(LocalFrameView::NotifyResizeObservers|IntersectionObserverController::computeIntersections|LocalFrameView::UpdateViewportIntersectionsForSubtree)/;
const GC = /^(MinorGC|MajorGC|V8\.GC_|BlinkGC\.|ThreadState::)/;
const FRAME =
  /^(WebFrameWidgetImpl::(UpdateLifecycle|BeginMainFrame)|LocalFrameView::(UpdateStyleAndLayout|RunStyleAndLayoutLifecyclePhases)|PageAnimator)/;

/** The main thread of the tab showing `pageUrl`: the thread that runs its script. */
function mainThreadOf(events: TraceEvent[], pageUrl: string): { pid: number; tid: number } | null {
  const call = events.find(
    (e) =>
      (e.name === 'FunctionCall' || e.name === 'EvaluateScript') && e.args?.data?.url?.startsWith(pageUrl),
  );
  return call ? { pid: call.pid, tid: call.tid } : null;
}

/**
 * Milliseconds of the tab's main thread per cause, over the trace: by the wall clock (`wall`), or by
 * the thread's own clock (`thread`: the time it computed, not the time it waited for a core, which on
 * a 2-core machine the extension's worker and the browser's other processes take from it).
 */
export function causesOf(
  events: TraceEvent[],
  pageUrl: string,
  scriptUrl: string,
  clock: 'wall' | 'thread' = 'wall',
): Record<Cause, number> {
  const totals = Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>;
  const thread = mainThreadOf(events, pageUrl);
  if (!thread) return totals;
  const onClock =
    clock === 'wall'
      ? events
      : events
          .filter((e) => e.tts !== undefined && e.tdur !== undefined)
          .map((e) => ({ ...e, ts: e.tts as number, dur: e.tdur }));
  const slices = onClock
    .filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Open events, outermost first, each with its children's time so far.
  const stack: Array<{ event: TraceEvent; end: number; childTime: number }> = [];
  const close = (until: number) => {
    while (stack.length && (stack[stack.length - 1] as { end: number }).end <= until) {
      const open = stack.pop() as (typeof stack)[number];
      const self = (open.event.dur ?? 0) - open.childTime;
      totals[
        causeOf(
          open.event,
          stack.map((s) => s.event),
          scriptUrl,
        )
      ] += Math.max(0, self) / 1000;
    }
  };
  for (const event of slices) {
    close(event.ts);
    const parent = stack[stack.length - 1];
    // An event that overruns its parent (clock rounding) is cut to it.
    const end = Math.min(event.ts + (event.dur ?? 0), parent ? parent.end : Number.POSITIVE_INFINITY);
    if (parent) parent.childTime += end - event.ts;
    stack.push({ event: { ...event, dur: end - event.ts }, end, childTime: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

/** What caused an event's self time, from its name and its ancestors (outermost first). */
function causeOf(event: TraceEvent, ancestors: TraceEvent[], scriptUrl: string): Cause {
  const chain = [...ancestors, event];
  if (GC.test(event.name)) return 'garbage collection';
  // The innermost script call this time happened in, if any.
  let call: TraceEvent | undefined;
  for (const e of chain) if (JS.has(e.name) && e.args?.data?.url) call = e;
  const renderWork = STYLE.test(event.name) || LAYOUT.test(event.name) || PAINT.test(event.name);
  if (call) {
    const ours = call.args?.data?.url?.startsWith(scriptUrl);
    if (renderWork)
      return ours
        ? 'content script: style and layout its reads forced'
        : 'page: style and layout its reads forced';
    return ours ? 'content script: its JavaScript' : 'page: its JavaScript';
  }
  if (JS.has(event.name)) return 'page: its JavaScript';
  if (chain.some((e) => e.name === 'RunMicrotasks'))
    return 'microtasks (promise and mutation-observer callbacks)';
  if (OBSERVERS.test(event.name)) return 'observers: resize and intersection, the browser part';
  if (STYLE.test(event.name)) return 'frames: style';
  if (LAYOUT.test(event.name)) return 'frames: layout';
  if (PAINT.test(event.name)) return 'frames: paint, pre-paint and compositing';
  // Lifecycle wrappers' own time is the frame's rendering too.
  if (FRAME.test(event.name)) return 'frames: paint, pre-paint and compositing';
  for (let i = chain.length - 1; i >= 0; i--) {
    const name = (chain[i] as TraceEvent).name;
    if (OBSERVERS.test(name)) return 'observers: resize and intersection, the browser part';
    if (STYLE.test(name)) return 'frames: style';
    if (LAYOUT.test(name)) return 'frames: layout';
    if (PAINT.test(name)) return 'frames: paint, pre-paint and compositing';
  }
  return 'other (task scheduling, parsing, messages)';
}

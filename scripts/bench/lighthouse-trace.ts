/**
 * Figures from the DevTools trace of one Lighthouse run that a loaded machine does not stretch,
 * for comparing two clients on the shared 2-core machine where Lighthouse's own TBT follows
 * the load (its simulation multiplies each main-thread task's wall time by the CPU slow-down):
 * - the page's main-thread *thread* time (`tdur`: CPU time, not wall time) and the TBT it
 *   would give at 4× slow-down with no other process on the CPU;
 * - how many frames the compositor drew and its CPU time: every frame is composited in
 *   software (headless, no GPU) and captured as a screenshot for Lighthouse's filmstrip, so a
 *   running animation takes CPU from the page's main thread on every frame.
 */

/** The parts of a Chrome trace event read here (times in µs). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** What {@link traceFigures} measures; times in ms from the page's navigation start to the end of the trace. */
export interface TraceFigures {
  /** Sum over the renderer main thread's tasks after FCP of 4 × thread time − 50 ms (those above 12.5 ms). */
  threadTbtMs: number;
  /** The renderer main thread's thread time over all its tasks. */
  mainThreadMs: number;
  /** Frames the page's compositor produced (`DrawFrame` in its renderer). */
  frames: number;
  /** The compositor thread's (viz) thread time. */
  compositorMs: number;
}

/** Lighthouse's slow-down of the main thread in the mobile preset. */
const CPU_SLOWDOWN = 4;
/** A task blocks for what it takes beyond this (ms), as in TBT. */
const BLOCKING_MS = 50;
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * Measures {@link TraceFigures} in a trace (`artifacts.Trace` of a Lighthouse run).
 * @throws Error when the trace has no renderer main thread, navigation start or FCP.
 */
export function traceFigures(trace: { traceEvents: TraceEvent[] }): TraceFigures {
  const events = trace.traceEvents;
  const threadName = new Map<string, string>();
  for (const event of events) if (event.name === 'thread_name' && event.args?.name) threadName.set(`${event.pid}:${event.tid}`, event.args.name);
  // The page's renderer main thread: the CrRendererMain with the most tasks (others are
  // Chromium's own pages).
  const tasksPerThread = new Map<string, number>();
  for (const event of events) {
    if (event.ph === 'X' && TOP_LEVEL.has(event.name)) tasksPerThread.set(`${event.pid}:${event.tid}`, (tasksPerThread.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  }
  const busiest = (name: string) =>
    [...tasksPerThread.entries()].filter(([key]) => threadName.get(key) === name).sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = busiest('CrRendererMain');
  if (!main) throw new Error('trace: no renderer main thread');
  const [pid] = main.split(':').map(Number);
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === pid && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL?.startsWith('http'));
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid);
  if (!navigation || !fcp) throw new Error('trace: no navigation start or first contentful paint');

  const compositor = busiest('VizCompositorThread');
  let threadTbt = 0;
  let mainThread = 0;
  let compositorTime = 0;
  let frames = 0;
  for (const event of events) {
    if (event.ts < navigation.ts) continue;
    const key = `${event.pid}:${event.tid}`;
    if (event.name === 'DrawFrame' && event.pid === pid) frames++;
    if (event.ph !== 'X' || !TOP_LEVEL.has(event.name)) continue;
    const ms = (event.tdur ?? event.dur ?? 0) / 1000;
    if (key === main) {
      mainThread += ms;
      if (event.ts > fcp.ts) threadTbt += Math.max(0, CPU_SLOWDOWN * ms - BLOCKING_MS);
    } else if (key === compositor) compositorTime += ms;
  }
  return { threadTbtMs: threadTbt, mainThreadMs: mainThread, frames, compositorMs: compositorTime };
}

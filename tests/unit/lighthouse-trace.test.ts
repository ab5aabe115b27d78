import { describe, expect, it } from 'vitest';
import { traceFigures } from '../../scripts/bench/lighthouse-trace';

const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, tdurMs: number, durMs = tdurMs) => ({ name: 'RunTask', ph: 'X', pid, tid, ts, dur: durMs * 1000, tdur: tdurMs * 1000 });
const navigation = { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 1_000_000, args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1/home' } } };

describe('traceFigures', () => {
  const trace = {
    traceEvents: [
      meta(1, 1, 'CrRendererMain'), meta(1, 2, 'Compositor'), meta(2, 5, 'VizCompositorThread'), meta(3, 1, 'CrRendererMain'),
      // Before navigation: not counted.
      task(1, 1, 500_000, 40),
      navigation,
      task(1, 1, 1_050_000, 30), // before FCP: thread time only
      { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 1, ts: 1_100_000 },
      task(1, 1, 1_200_000, 20, 90), // 4 × 20 − 50 = 30 ms; the wall time (90 ms) is not used
      task(1, 1, 1_300_000, 10), // 4 × 10 < 50: not blocking
      task(1, 1, 1_400_000, 1),
      task(3, 1, 1_400_000, 50), task(3, 1, 1_500_000, 50), // another renderer with fewer tasks
      task(2, 5, 1_200_000, 7), task(2, 5, 1_300_000, 3),
      { name: 'DrawFrame', ph: 'I', pid: 1, tid: 2, ts: 1_200_000 }, { name: 'DrawFrame', ph: 'I', pid: 1, tid: 2, ts: 1_300_000 },
      { name: 'DrawFrame', ph: 'I', pid: 3, tid: 2, ts: 1_300_000 },
    ],
  };

  it('counts the page renderer main thread\'s thread time, its TBT after FCP at 4×, its frames and the compositor\'s time', () => {
    expect(traceFigures(trace)).toEqual({ mainThreadMs: 61, threadTbtMs: 30, frames: 2, compositorMs: 10 });
  });

  it('throws when the trace has no first contentful paint', () => {
    expect(() => traceFigures({ traceEvents: trace.traceEvents.filter((event) => event.name !== 'firstContentfulPaint') })).toThrow(/first contentful paint/);
  });
});

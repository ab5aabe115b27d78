/**
 * Progressive rendering: how many of `total` items to render — the first `first` at
 * once, then `step` more after each painted frame. A phone then paints the first screenful
 * before it renders the rest, and no render is one long task (a 52-row market list, a long
 * /home, /marketDetails' quote, chart, trade tabs and figures).
 */
import { useEffect, useState } from 'react';

/**
 * The number of items to render now: `first` until a frame has been painted, then `step` more
 * per frame (all of the rest at once by default) until `total`.
 */
export function useProgressiveCount(total: number, first: number, step = Number.POSITIVE_INFINITY): number {
  const [shown, setShown] = useState(first);
  const waiting = shown < total;
  useEffect(() => {
    if (!waiting) return undefined;
    // After the frame with the items so far is painted, the next ones in a task of their own.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown((count) => Math.min(total, count + step)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [waiting, shown, total, step]);
  return Math.min(shown, total);
}

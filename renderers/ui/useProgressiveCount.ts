/**
 * Progressive rendering (issue 13): how many of `total` items to render — the first `first` at
 * once, all of them one frame later. A phone then paints the first screenful before it renders
 * the rest, and neither render is one long task (a 52-row market list, a long /home).
 */
import { useEffect, useState } from 'react';

/** The number of items to render now: `first` until a frame has been painted, then `total`. */
export function useProgressiveCount(total: number, first: number): number {
  const [expanded, setExpanded] = useState(false);
  const waiting = !expanded && total > first;
  useEffect(() => {
    if (!waiting) return undefined;
    // After the first paint: a frame for the browser to paint, then the rest.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setExpanded(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [waiting]);
  return waiting ? first : total;
}

/**
 * The app's first render as a point in time: work that can wait (prefetching lazy block chunks)
 * starts after it, so it does not take the network or the main thread from the entry screen.
 * The page's `load` event is no such point: it waits for the preloaded scripts, styles and
 * fonts but not for the entry screen's calls, and fires before the first render on a screen
 * whose data is still on its way.
 */
import { useEffect, useState } from 'react';

let rendered = false;
const waiting: Array<() => void> = [];

/** Runs `fn` once the first render has been painted (at once if it has). */
export function afterFirstRender(fn: () => void): void {
  if (rendered) fn();
  else waiting.push(fn);
}

/** Called by the app's entry after its first render has been painted; runs what waited for it. */
export function markFirstRender(): void {
  if (rendered) return;
  rendered = true;
  for (const fn of waiting.splice(0)) fn();
}

/**
 * Whether the app's first render has been painted; re-renders the caller once it has. A block
 * whose code may wait (a form marked `afterPaint`) shows its skeleton until then, so its chunk is
 * requested after the entry screen's first paint instead of beside it.
 */
export function useFirstRenderPainted(): boolean {
  const [painted, setPainted] = useState(rendered);
  useEffect(() => {
    if (!painted) afterFirstRender(() => setPainted(true));
  }, [painted]);
  return painted;
}

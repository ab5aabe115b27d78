/**
 * Block kinds grouped into one lazily loaded chunk (`market.ts`, `content.ts`): screens without
 * them never load it, and it is prefetched when the browser is idle after the app's first
 * render. Idle alone came too early: the browser is idle while the entry screen's messages and
 * calls are on the network, and the prefetch then took their bandwidth before the first render.
 * Each kind's `load` picks its component from the chunk by export name.
 */
import type { AnyBlockComponent } from '../types';
import { afterFirstRender } from '../app/first-render';

/**
 * A chunk of block components: returns `from(name)`, the `load` of a kind whose component is
 * the chunk's export `name`. Schedules an idle-time prefetch of the chunk in the browser.
 */
export function blockChunk<T extends Record<string, unknown>>(loadChunk: () => Promise<T>) {
  if (typeof window !== 'undefined') {
    const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
    afterFirstRender(() => idle(() => void loadChunk().catch(() => undefined)));
  }
  return (name: keyof T & string) => () => loadChunk().then((blocks) => ({ default: blocks[name] as AnyBlockComponent }));
}

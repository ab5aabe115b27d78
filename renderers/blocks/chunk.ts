/**
 * Block kinds grouped into one lazily loaded chunk (`market.ts`, `content.ts`): screens without
 * them never load it, and it is prefetched when the browser is idle after the first paint.
 * Each kind's `load` picks its component from the chunk by export name.
 */
import type { AnyBlockComponent } from '../types';

/**
 * A chunk of block components: returns `from(name)`, the `load` of a kind whose component is
 * the chunk's export `name`. Schedules an idle-time prefetch of the chunk in the browser.
 */
export function blockChunk<T extends Record<string, unknown>>(loadChunk: () => Promise<T>) {
  if (typeof window !== 'undefined') {
    const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
    idle(() => void loadChunk().catch(() => undefined));
  }
  return (name: keyof T & string) => () => loadChunk().then((blocks) => ({ default: blocks[name] as AnyBlockComponent }));
}

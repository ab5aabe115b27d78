/**
 * `React.lazy` with a time-out: a chunk that has not arrived after 120 s (SPEC.md §8) fails
 * like a network error, so the error boundary can offer a retry instead of spinning forever.
 */
import { lazy, type ComponentType } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

/** Wraps a dynamic import with the chunk time-out. */
export function lazyWithTimeout<P>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs = CHUNK_TIMEOUT_MS) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('chunk load timed out')), timeoutMs);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}

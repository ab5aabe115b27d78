/**
 * `React.lazy` with a time-out: a chunk that has not arrived after 120 s (docs/product.md, Error codes) fails
 * like a network error, so the error boundary can offer a retry instead of spinning forever.
 */
import { createElement, lazy, type ComponentType } from 'react';

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

/** A lazily loaded block component that can be loaded ahead of its first render. */
export type DeferredComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component whose code arrives by `load` (a dynamic import): rendered through `React.lazy`
 * (Suspense fallback, chunk time-out) until loaded — and directly, with no Suspense round, once
 * `preload()` or an earlier render has loaded it. The shell names the lazy block kinds
 * of the entry route (`<meta name="nivesh-preload-kinds">`) and the app preloads them at start,
 * so the first screen renders its blocks at once instead of a skeleton that then shifts.
 */
export function deferredComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): DeferredComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null; // a later render may retry
        throw error;
      },
    ));
  const Lazy = lazyWithTimeout(preload);
  function DeferredBlock(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy as unknown as ComponentType<P>, props);
  }
  return Object.assign(DeferredBlock, { preload });
}

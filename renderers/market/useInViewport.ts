/**
 * Whether an element is in (or near) the viewport, from one IntersectionObserver shared by all
 * callers: rows of a long market list out of sight wait until they come near instead of
 * re-rendering on every tick. Without IntersectionObserver (old engines, jsdom)
 * everything counts as visible.
 */
import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an element still counts as visible: about a screen's worth of scrolling. */
const MARGIN = '400px 0px';

type Callback = (visible: boolean) => void;
const callbacks = new WeakMap<Element, Callback>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) callbacks.get(entry.target)?.(entry.isIntersecting);
  }, { rootMargin: MARGIN });
  return observer;
}

/**
 * Follows whether `ref`'s element is within {@link MARGIN} of the viewport.
 * @returns true until the first observation (a row renders live until known to be off screen).
 */
export function useInViewport(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const element = ref.current;
    const io = shared();
    if (!element || !io) return undefined;
    callbacks.set(element, setVisible);
    io.observe(element);
    return () => {
      io.unobserve(element);
      callbacks.delete(element);
    };
  }, [ref]);
  return visible;
}

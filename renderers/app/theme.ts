/**
 * The colour theme: follow the system (`prefers-color-scheme`, default), or a stored
 * choice of light or dark. Applied as `data-theme` on `<html>`; `src/app/theme.css` maps it to
 * the design tokens with `light-dark()`. Stored in local storage under `theme`.
 */
import { useSyncExternalStore } from 'react';

/** A theme choice. */
export type ThemeChoice = 'system' | 'light' | 'dark';

const KEY = 'theme';
const listeners = new Set<() => void>();

/** The stored choice (`system` when unset or unknown). */
export function getTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Applies a choice to the document (attribute and the browser's theme colour). */
export function applyTheme(choice: ThemeChoice = getTheme()): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
  document.querySelector('meta[name="theme-color"]:not([media])')?.setAttribute('content', shownScheme(choice) === 'dark' ? '#0d1524' : '#0b6b57');
}

/** Stores and applies a choice. */
export function setTheme(choice: ThemeChoice): void {
  if (choice === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  applyTheme(choice);
  listeners.forEach((listener) => listener());
}

/** The current choice, re-rendering on change. */
export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
    () => 'system',
  );
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The scheme shown for `choice` (default: the stored one): itself, or the system's for `system`. */
export function shownScheme(choice: ThemeChoice = getTheme()): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * The scheme shown now, re-rendering when the choice or the system's scheme changes: for what
 * cannot follow the CSS tokens by itself (a canvas, e.g. the interactive chart).
 */
export function useShownScheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
      media?.addEventListener('change', listener);
      return () => {
        listeners.delete(listener);
        media?.removeEventListener('change', listener);
      };
    },
    () => shownScheme(),
    () => 'light',
  );
}

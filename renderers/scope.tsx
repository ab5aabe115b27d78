/**
 * A screen's scope: blocks with an `id` register a reload function so actions like
 * `{"reload": "accounts"}` can refresh them.
 */
import { createContext, useContext, useEffect, useMemo } from 'react';

export interface ScreenScope {
  register(id: string, reload: () => void): () => void;
  reload(id: string): void;
}

export function createScope(): ScreenScope {
  const reloaders = new Map<string, () => void>();
  return {
    register(id, reload) {
      reloaders.set(id, reload);
      return () => reloaders.delete(id);
    },
    reload(id) {
      if (id === '*') reloaders.forEach((fn) => fn());
      else reloaders.get(id)?.();
    },
  };
}

export const ScopeContext = createContext<ScreenScope>(createScope());

/** Creates a scope for one screen render. */
export const useNewScope = () => useMemo(createScope, []);

/** Registers a block's reload under its id (no-op without an id). */
export function useReloadable(id: string | undefined, reload: () => void): void {
  const scope = useContext(ScopeContext);
  useEffect(() => (id ? scope.register(id, reload) : undefined), [id, reload, scope]);
}

/** The screen a block is on, and whether its form drafts survive leaving it (`keepAlive`). */
export interface ScreenInfo {
  id: string;
  keepAlive: boolean;
}

export const ScreenInfoContext = createContext<ScreenInfo>({ id: '', keepAlive: false });

/** Drafts of kept-alive forms, in session storage (gone when the tab closes). */
export const drafts = {
  key: (screen: string, block: string) => `draft:${screen}:${block}`,
  read(key: string): Record<string, unknown> | null {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
    } catch {
      return null;
    }
  },
  write: (key: string, data: Record<string, unknown>) => sessionStorage.setItem(key, JSON.stringify(data)),
  clear: (key: string) => sessionStorage.removeItem(key),
};

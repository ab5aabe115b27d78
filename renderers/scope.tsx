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

/**
 * Puts a registry (and the `renderBlock` that renders through it) into the React context for
 * every screen, block, widget and dialog below. The app wraps its shell in one; tests wrap what
 * they render.
 */
import { useMemo, type ReactNode } from 'react';
import { Block, BlockBoundary } from './Screen';
import { RendererContext, type RendererContextValue, type RendererRegistry } from './registry-context';

/** Provides `registry` to the renderer below. */
export function RendererProvider({ registry, children }: { registry: RendererRegistry; children: ReactNode }) {
  const value = useMemo<RendererContextValue>(
    () => ({
      ...registry,
      renderBlock: (spec, schemas, key) => (
        <BlockBoundary key={key} kind={spec.kind}>
          <Block spec={spec} schemas={schemas} />
        </BlockBoundary>
      ),
    }),
    [registry],
  );
  return <RendererContext.Provider value={value}>{children}</RendererContext.Provider>;
}

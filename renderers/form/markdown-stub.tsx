/**
 * Stands in for `markdown-to-jsx/react` inside rjsf (aliased in vite.config.ts):
 * Nivesh never enables rjsf's markdown descriptions (texts are locale messages), so the
 * ~10 KB gzip markdown parser stays out of the form chunk. Renders the text as it is.
 */
import type { ReactNode } from 'react';

/** Plain-text `Markdown`: the children, unparsed. */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

/**
 * The current URL's query parameters, updated on in-app navigation. Uses the router when the
 * renderer runs inside one (the app), `window.location` otherwise (tests, embeds).
 */
import { createContext, useContext, useMemo } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';

function useRouterSearch(): string {
  return useLocation().search;
}

const staticSearch = () => (typeof window === 'undefined' ? '' : window.location.search);

/**
 * A query string that stands in for the location's (the studio's preview shows a record screen
 * with the parameters the editor typed); `null` reads the location.
 */
export const QueryOverrideContext = createContext<string | null>(null);

/** Query parameters of the current location (or of {@link QueryOverrideContext}). */
export function useRouteQuery(): URLSearchParams {
  const override = useContext(QueryOverrideContext);
  // The router context never appears or disappears under a mounted block, so the hook order is stable.
  const location = useInRouterContext() ? useRouterSearch() : staticSearch();
  const search = override ?? location;
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The query parameters as a plain object, for `{query.x}` templates in layouts. */
export function useQueryObject(): Record<string, string> {
  const query = useRouteQuery();
  return useMemo(() => Object.fromEntries(query), [query]);
}

/**
 * The current URL's query parameters, updated on in-app navigation. Uses the router when the
 * renderer runs inside one (the app), `window.location` otherwise (tests, embeds).
 */
import { useMemo } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';

function useRouterSearch(): string {
  return useLocation().search;
}

const staticSearch = () => (typeof window === 'undefined' ? '' : window.location.search);

/** Query parameters of the current location. */
export function useRouteQuery(): URLSearchParams {
  // The router context never appears or disappears under a mounted block, so the hook order is stable.
  const search = useInRouterContext() ? useRouterSearch() : staticSearch();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The query parameters as a plain object, for `{query.x}` templates in layouts. */
export function useQueryObject(): Record<string, string> {
  const query = useRouteQuery();
  return useMemo(() => Object.fromEntries(query), [query]);
}

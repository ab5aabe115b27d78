/**
 * Issue 13 (first paint): at start, the entry route's screen and the calls its first render
 * makes are started at once — beside the messages and the block chunks — instead of one after
 * another once React has rendered. The answers wait in SWR's cache for the blocks that ask for
 * them (`preload`: the first block with the same key takes the answer, or the failure).
 * Nothing is prefetched for a route the guard would send away (no token, not public).
 */
import { preload } from 'swr';
import { screenKey } from '../../renderers/Screen';
import { prefetchScreenData, type BlockData } from '../../renderers/data/prefetch';
import type { ScreenPayload } from '../../renderers/types';
import { ROUTES, isPublicPath } from './routes';
import { getToken } from './storage';
import { fetchScreen } from './host';
import { callApi } from './api';

/**
 * Starts the loads of the route at `location` (path and search of the page being opened).
 * @param blockData the registry's kind → first-render calls (`BLOCK_DATA`).
 */
export function prefetchEntryRoute(location: Pick<Location, 'pathname' | 'search'>, blockData: Record<string, BlockData | undefined>): void {
  const path = location.pathname === '/' ? '/home' : location.pathname;
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route || (!getToken() && !isPublicPath(path))) return;
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const screen = preload(screenKey(route.screen), () => fetchScreen(route.screen)) as Promise<ScreenPayload>;
  screen
    .then((payload) => prefetchScreenData(payload.layout, query, blockData, (name, params) => callApi(name, params)))
    .catch(() => undefined); // the Screen shows its own failure
}

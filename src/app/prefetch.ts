/**
 * First paint: at start, the entry route's screen and the calls its first render
 * makes are started at once — beside the messages and the block chunks — instead of one after
 * another once React has rendered. The answers wait in SWR's cache for the blocks that ask for
 * them (`prefetchInto`: every block with the same key renders the answer, or takes the failure).
 * Nothing is prefetched for a route the guard would send away (no token, not public).
 *
 * The first render waits for these answers (up to {@link ENTRY_DATA_WAIT_MS}): blocks then
 * render with their data at once, in the place they keep, instead of a skeleton of another
 * height that moves the blocks below when the data arrives (/bindBank: the accounts list's
 * empty state pushed the form down, CLS 0.02). The shell's inline skeleton is on screen meanwhile.
 */
import { screenKey } from '../../renderers/Screen';
import { prefetchInto, prefetchScreenData, type BlockData } from '../../renderers/data/prefetch';
import type { ScreenPayload } from '../../renderers/types';
import { isPublicPath, routeAt } from './routes';
import { getToken } from './storage';
import { fetchScreen } from './host';
import { callApi } from './api';

/** How long the first render waits for the entry screen and its first calls (ms); a slower answer fills its skeleton later. */
export const ENTRY_DATA_WAIT_MS = 1500;

/**
 * Starts the loads of the route at `location` (path and search of the page being opened).
 * @param blockData the registry's kind → first-render calls (`BLOCK_DATA`).
 * @returns settles (never rejects) when the screen and its first calls have answered or failed,
 * or after `waitMs`, whichever comes first; at once when nothing is prefetched.
 */
export function prefetchEntryRoute(
  location: Pick<Location, 'pathname' | 'search'>,
  blockData: Record<string, BlockData | undefined>,
  waitMs = ENTRY_DATA_WAIT_MS,
): Promise<void> {
  const path = location.pathname === '/' ? '/home' : location.pathname;
  const route = routeAt(path);
  if (!route || (!getToken() && !isPublicPath(path))) return Promise.resolve();
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const screen = prefetchInto<ScreenPayload>(screenKey(route.screen), () => fetchScreen(route.screen));
  const settled = screen
    .then((payload) => prefetchScreenData(payload.layout, query, blockData, (name, params) => callApi(name, params, { intent: 'load' })))
    .catch(() => undefined); // the Screen shows its own failure
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

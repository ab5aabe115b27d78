/**
 * A real route query for screens that show one record (`/withdrawDetail?id=…`), found from the
 * screens' own data: a list block whose rows link to the route (`item.link`, or `to`
 * on news lists) is loaded through the API with the session of its screen, and its first row
 * fills the link's template — the same path a user takes by tapping that row. Without a query
 * such a screen loads nothing (the renderer makes no call while a `{query.x}` is missing), so
 * its loading, empty and route checks would only ever see the error state.
 */
import type { APIRequestContext } from '@playwright/test';
import { readLayout, screenIds, type BlockData } from './schemas';

type Row = Record<string, unknown>;

/**
 * Fixed queries for screens of one market symbol (reached from quote rows and trade buttons,
 * not from a record list; the simulated market always has RELIANCE), and for the order detail.
 */
export const FIXED_QUERIES: Record<string, string> = {
  '/marketDetails': '?symbol=RELIANCE',
  '/buy': '?symbol=RELIANCE',
  '/etfBuy': '?symbol=NIVBANK',
  // The shared investor has no orders (an order would change its bill and holdings screens):
  // the detail opens for an id that is not theirs and shows the refusal state.
  '/orderDetail': '?id=not-an-order',
};

/** Where a route's query can come from: a list block (with its screen) whose rows link to it. */
export interface QuerySource {
  screen: string;
  block: BlockData & { load: { call: string; params?: Record<string, unknown> } };
  /** The row's link template, e.g. `/withdrawDetail?id={id}`. */
  link: string;
}

/** The link template of a block's rows, if any. */
const linkOf = (block: BlockData): string | undefined => {
  const item = block.item as { link?: unknown } | undefined;
  if (typeof item?.link === 'string') return item.link;
  return typeof block.to === 'string' ? block.to : undefined;
};

/** Whether a screen's blocks need a `{query.x}` of the route to load. */
export function needsQuery(screen: string): boolean {
  return JSON.stringify(readLayout(screen)?.blocks ?? []).includes('{query.');
}

/**
 * List blocks (in any layout) whose rows link to `path` with a query; blocks that themselves
 * need a route query are left out (nothing could load them).
 */
export function querySources(path: string): QuerySource[] {
  const sources: QuerySource[] = [];
  for (const screen of screenIds()) {
    for (const block of readLayout(screen)?.blocks ?? []) {
      const link = linkOf(block);
      if (!link?.startsWith(`${path}?`) || !block.load || JSON.stringify(block.load).includes('{query.')) continue;
      sources.push({ screen, block: block as QuerySource['block'], link });
    }
  }
  return sources;
}

/** `{a.b}` in a template filled from a row (missing values stay empty, as the renderer does). */
function fill(template: string, row: Row): string {
  return template.replace(/\{([^}]+)\}/g, (_, path: string) => {
    const value = path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Row)[key] : undefined), row);
    return encodeURIComponent(String(value ?? ''));
  });
}

/**
 * The query (`?id=…`) of the first row any linking list shows, or undefined when every such
 * list is empty (or there is none).
 * @param tokenFor the session token a screen is opened with (undefined for visitors).
 */
export async function findRouteQuery(request: APIRequestContext, path: string, tokenFor: (screen: string) => Promise<string | undefined>): Promise<string | undefined> {
  for (const source of querySources(path)) {
    const token = await tokenFor(source.screen);
    const response = await request.post(`/api/${source.block.load.call}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      data: { ...(source.block.load.params ?? {}), ...(source.block.paged ? { page: 1, pageSize: 20 } : {}) },
    });
    const body = (await response.json().catch(() => undefined)) as { code?: number; data?: unknown } | undefined;
    if (body?.code !== 200) continue;
    const rows = (Array.isArray(body.data) ? body.data : (body.data as { items?: unknown } | undefined)?.items) as Row[] | undefined;
    if (rows?.[0]) return fill(source.link, rows[0]).slice(path.length);
  }
  return undefined;
}

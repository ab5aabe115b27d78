/**
 * Every route of the app (docs/product.md, Routes) and how the shell shows it. The route metadata — title,
 * back target, tab, public flag — lives in each screen's layout (`schemas/screens/<id>.layout.json`);
 * `npm run gen` collects it into `routes.generated.ts`, since the shell needs it before any
 * layout has loaded. A route whose screen later releases deliver shows the "not available yet"
 * state.
 */
import { GENERATED_ROUTES } from './routes.generated';
import type { RouteDef, TabDef } from './route-def';

export type { RouteDef, TabDef };

/** Every route of the app. */
export const ROUTES: RouteDef[] = GENERATED_ROUTES;

/** A tab route: its path and its tab bar entry. */
export type TabRoute = TabDef & { path: string };

/** The five tabs in bar order, with their header buttons (docs/product.md, Routes). */
export const TABS: TabRoute[] = ROUTES.filter((route) => route.tab)
  .map((route) => ({ ...route.tab!, path: route.path }))
  .sort((a, b) => a.order - b.order);

const PUBLIC = new Set(ROUTES.filter((route) => route.public).map((route) => route.path));

/** Whether a visitor (no token) may open a path; everything else redirects to /page. */
export const isPublicPath = (path: string): boolean => PUBLIC.has(path);

/** The route table by lower-case path. */
const ROUTE_BY_PATH = new Map(ROUTES.map((route) => [route.path.toLowerCase(), route]));

/**
 * The route at `pathname`, matched as React Router matches a static path (any case, trailing
 * slashes ignored), or undefined when there is none.
 */
export function routeAt(pathname: string): RouteDef | undefined {
  return ROUTE_BY_PATH.get((pathname.replace(/\/+$/, '') || '/').toLowerCase());
}

/** The shape of one client route (see `routes.generated.ts`, made from the layouts). */

/** A tab of the bottom bar (docs/product.md, Routes). */
export interface TabDef {
  icon: string;
  /** Message id of the tab's label. */
  label: string;
  /** Position in the bar, from 1. */
  order: number;
  /** Header buttons of the tab: the drawer's profile icon, the search icon. */
  header: Array<'profile' | 'search'>;
}

/** One client route: its layout's route metadata. */
export interface RouteDef {
  path: string;
  /** Screen id served by `GET /api/ui/screens/:id`. */
  screen: string;
  /** Title message id shown until the layout has loaded. */
  title?: string;
  /** Back target (docs/product.md, Routes): a path, or 'history' / absent for one step back. */
  back?: string;
  /** Reachable without a token (docs/product.md, Routes). */
  public?: boolean;
  tab?: TabDef;
}

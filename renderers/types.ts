/**
 * Shapes of the screen contract as the renderer reads them (the authoritative definition is
 * `schemas/layout.meta.json`; the server validates every layout against it before serving).
 * Each block kind's own spec type is generated from its fragment
 * (`renderers/blocks/<kind>/spec.ts`); these are the shared shapes those types refer to.
 */
import type { ComponentType } from 'react';
import type { ScreenCall } from '../src/shared/calls';

/** A message id from `locales/*.json`. */
export type MessageId = string;

/** One step of an action list: exactly one key. */
export type Action =
  | { toast: MessageId }
  | { navigate: string }
  | { replace: string }
  | { reload: string }
  | { saveSession: true }
  | { logout: true }
  | { back: true }
  | { resetForm: true }
  | { popup: 'language' }
  | { setLanguage: 'DE' | 'EN' | 'HI' | 'ZH' }
  | { call: { name: string; params?: Record<string, unknown> } }
  | { dialog: string };

/** Loads a block's data from a call. */
export interface LoadSpec {
  call: string;
  params?: Record<string, unknown>;
  pick?: string[];
  /** Dot path inside the response the form reads from (e.g. one language of a profile). */
  from?: string;
}

/** A value taken from a loaded item. */
export interface Binding {
  field: string;
  format?: string;
  label?: MessageId;
  labelPrefix?: string;
  /** For a list value: a field name, or a field with its formatter and a short prefix. */
  itemFields?: Array<string | { field: string; format?: string; prefix?: string }>;
}

/** A tappable link or button. */
export interface LinkSpec {
  label: MessageId;
  icon?: string;
  to?: string;
  do?: Action[];
  tone?: 'default' | 'danger';
  variant?: 'primary' | 'secondary' | 'link';
}

/** Any block: its `kind` picks the component; the rest is that kind's properties. */
export interface BlockSpec {
  kind: string;
  id?: string;
  [key: string]: unknown;
}

/** `when` of a block: shows only while a call's field has one of the values. */
export interface Condition {
  call: string;
  params?: Record<string, unknown>;
  field: string;
  in: unknown[];
}

/** One condition, or several that must all hold. */
export type When = Condition | Condition[];

/** A button in a screen's header bar. */
export interface HeaderAction {
  icon: string;
  label: MessageId;
  do: Action[];
}

/** Props every block component receives. */
export interface BlockProps<S = BlockSpec> {
  spec: S;
  /** Data schemas of the screen by name. */
  schemas: Record<string, Record<string, unknown>>;
}

/** A block component of any kind (the registry does not know each kind's spec type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBlockComponent = ComponentType<BlockProps<any>> & {
  /**
   * Whether a block of this kind, while its `when` condition is still loading, is laid out
   * invisibly to hold its place (kinds with no data of their own and a predictable size, such
   * as `buttons`): when the condition holds nothing below it moves (CLS).
   */
  holdsPlace?: boolean;
};

/**
 * What `renderers/blocks/<kind>/index.ts` exports: the kind, its catalogue fragment and how
 * to get its component — `component` when it ships with the shell, else `load` (a dynamic
 * import, its own chunk).
 */
export interface BlockModule {
  kind: string;
  schema: Record<string, unknown>;
  load: () => Promise<{ default: AnyBlockComponent }>;
  component?: AnyBlockComponent;
  /**
   * The calls a block of this kind makes at its first render, from its spec alone:
   * the app starts them with the entry screen, before the block's code has loaded.
   */
  data?: (spec: any) => Array<LoadSpec | null | undefined>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A screen's layout file. */
export interface Layout {
  screen: string;
  title?: MessageId;
  back?: string;
  header?: 'bar' | 'none';
  keepAlive?: boolean;
  /**
   * Query parameters the screen cannot show without: opened without one, the app goes to
   * `otherwise` with the `notice` (default `screen.needsParam`) instead.
   */
  needs?: { query: string[]; otherwise: string; notice?: MessageId };
  headerActions?: HeaderAction[];
  blocks: BlockSpec[];
}

/** What `GET /api/ui/screens/:id` returns as `data`. */
export interface ScreenPayload {
  id: string;
  layout: Layout;
  schemas: Record<string, Record<string, unknown>>;
  /** The server's declarations of the calls the layout names (effect, confirmation). */
  calls?: Record<string, ScreenCall>;
  /** Who the screen is for; an investor opening an `operator` screen is sent to /my with a notice. */
  audience?: 'public' | 'investor' | 'operator' | 'editor';
}

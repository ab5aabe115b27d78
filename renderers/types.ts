/**
 * Shapes of the screen contract as the renderer reads them (the authoritative definition is
 * `schemas/layout.meta.json`; the server validates every layout against it before serving).
 */

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

/** A screen's layout file. */
export interface Layout {
  screen: string;
  title?: MessageId;
  back?: string;
  header?: 'bar' | 'none';
  keepAlive?: boolean;
  headerActions?: Array<{ icon: string; label: MessageId; do: Action[] }>;
  blocks: BlockSpec[];
}

/** What `GET /api/ui/screens/:id` returns as `data`. */
export interface ScreenPayload {
  id: string;
  layout: Layout;
  schemas: Record<string, Record<string, unknown>>;
}

/**
 * Custom fields on records (docs/product.md, Custom fields): bank accounts, deposits,
 * withdrawals and identity submissions take an optional `extra` object whose fields staff add in
 * the screen schema that submits the record. The body was checked against the contract (at most
 * 20 fields of text, numbers, yes/no or short lists) and the published screen schema before it
 * reaches the domain; the record keeps it as JSON text (`extra_json`) and shows it, and no rule
 * reads it — money, numbers and every field the domain uses are columns of their own.
 */

/** Custom fields as a body carries them. */
export type CustomFields = Record<string, unknown>;

/** The `extra_json` column's value for a body's custom fields: null when there are none. */
export function extraJson(extra: CustomFields | undefined | null): string | null {
  return extra && Object.keys(extra).length ? JSON.stringify(extra) : null;
}

/** A record's custom fields (`extra_json`) as an object; null when absent. */
export function parseExtra(json: string | null | undefined): CustomFields | null {
  if (!json) return null;
  const value = JSON.parse(json) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as CustomFields) : null;
}

/**
 * Custom fields on one line for operators, `key: value` joined by ` · ` (lists joined by `, `,
 * other values as JSON); null when none.
 */
export function extraText(extra: CustomFields | null): string | null {
  const entries = Object.entries(extra ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  if (!entries.length) return null;
  const show = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? v.map(show).join(', ') : JSON.stringify(v));
  return entries.map(([k, v]) => `${k}: ${show(v)}`).join(' · ');
}

/** A record's custom fields as operators see them: the object and its one-line text. */
export interface CustomFieldsView {
  /** Custom fields the investor gave under `extra`, or null. */
  extra: CustomFields | null;
  /** {@link extraText} of them, or null when none. */
  extraText: string | null;
}

/** {@link CustomFieldsView} of an `extra_json` column. */
export function customFieldsView(json: string | null | undefined): CustomFieldsView {
  const extra = parseExtra(json);
  return { extra, extraText: extraText(extra) };
}

/**
 * Localized labels the money calls add beside machine values: status labels (`status.<value>`,
 * docs/product.md, Statuses: pending review, review approved, review rejected; plus paid) and bill kinds
 * (`bill.kind.<kind>`).
 */
import type { Locale } from '../../shared/lang.js';
import type { Deps } from '../domain/deps.js';
import type { Page } from '../../shared/page.js';

/** Adds `statusLabel` to a record with a `status`. */
export function withStatusLabel<T extends { status: string }>(deps: Deps, locale: Locale, record: T): T & { statusLabel: string } {
  return { ...record, statusLabel: deps.messages.format(locale, `status.${record.status}`) };
}

/** Adds `kindLabel` to a bill row. */
export function withKindLabel<T extends { kind: string }>(deps: Deps, locale: Locale, row: T): T & { kindLabel: string } {
  return { ...row, kindLabel: deps.messages.format(locale, `bill.kind.${row.kind}`) };
}

/** Applies a labeller to every item of a page. */
export function labelPage<T, U>(page: Page<T>, label: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(label) };
}

/** Formatters named in layouts (`formatter` in `layout.meta.json`). */
import { formatMoney, formatNumber, maskTail } from '../src/shared/format';

type Formatter = (value: unknown, locale: string) => string;

const dateTime = (options: Intl.DateTimeFormatOptions): Formatter => (value, locale) =>
  typeof value === 'number' || typeof value === 'string'
    ? new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', ...options }).format(new Date(value))
    : '';

/** Every formatter by name; unknown names show the raw text. */
export const FORMATTERS: Record<string, Formatter> = {
  text: (value) => (value === null || value === undefined ? '' : String(value)),
  money: (value) => formatMoney(Number(value)),
  number: (value, locale) => formatNumber(Number(value), locale),
  masked: (value) => maskTail(String(value ?? '')),
  uppercase: (value) => String(value ?? '').toUpperCase(),
  date: dateTime({ dateStyle: 'medium' }),
  datetime: dateTime({ dateStyle: 'medium', timeStyle: 'short' }),
};

/** Formats a value by formatter name. */
export function formatValue(value: unknown, format: string | undefined, locale: string): string {
  return (FORMATTERS[format ?? 'text'] ?? FORMATTERS.text!)(value, locale);
}

/** Reads a dot path (`a.b`) from an object. */
export function readPath(data: unknown, path: string): unknown {
  if (!path) return data;
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}

/**
 * Formatters named in layouts (`definitions/formatter` of the catalogue, fragment
 * `formatters.schema.json` beside this file).
 */
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { formatMoney, formatNumber, getAccountCurrency, maskTail } from '../../src/shared/format';
import { currencySymbol, QUOTE_CURRENCY } from '../../src/shared/currency';
import { formatChange, formatInteger, formatPercent, formatPrice, formatVolume } from './market';
import { readPath } from '../data/template';
import { useOptionalRenderer, type Formatter } from '../registry-context';
import { indiaDateTimeFormat } from '../../src/shared/india-time';
import { numberFormat } from '../../src/shared/intl-cache';

export type { Formatter };


/** The value of a market figure: a number, else missing (shown as `–`). */
const figure = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const dateTime = (options: Intl.DateTimeFormatOptions): Formatter => (value, intl) =>
  typeof value === 'number' || typeof value === 'string'
    ? indiaDateTimeFormat(intl.locale, options).format(new Date(value))
    : '';

/** `2 min`, `52 s`, `3 h` in `locale`: one unit amount, Intl's short unit style. */
const unit = (locale: string, value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
  numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);

/**
 * Milliseconds left as a short countdown in `locale`'s unit names (`2 Tg. 3 Std.`, `1 hr 5 min`,
 * `4 min 9 sec`); not positive or not a number: `–`.
 */
function remainingText(ms: number, locale: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return '–';
  const s = Math.floor(ms / 1000);
  const [d, h, m, sec] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  if (d > 0) return `${unit(locale, d, 'day')} ${unit(locale, h, 'hour')}`;
  if (h > 0) return `${unit(locale, h, 'hour')} ${unit(locale, m, 'minute')}`;
  return `${unit(locale, m, 'minute')} ${unit(locale, sec, 'second')}`;
}

/** Every formatter by name; unknown names show the raw text. */
export const FORMATTERS: Record<string, Formatter> = {
  text: (value) => (value === null || value === undefined ? '' : String(value)),
  /** Money in the account currency (`ACCOUNT_CURRENCY`, EUR by default): `2.000,50 €`. */
  money: (value) => formatMoney(Number(value)),
  /**
   * An instrument's price or an amount before conversion, in its quote currency, in the screen's
   * language — the same format as the market lists' prices: `3.000,00 ₹` (de), `₹3,000.00` (en).
   */
  inr: (value, intl) => (value === null || value === undefined ? '–' : formatPrice(Number(value), intl.locale, QUOTE_CURRENCY)),
  /** The EUR/INR rate of a conversion: `1 € = 104,20 ₹`; `1` (no conversion) shows as is. */
  fxRate: (value, intl) =>
    `1 ${currencySymbol(getAccountCurrency())} = ${numberFormat(intl.locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(value))} ${currencySymbol(QUOTE_CURRENCY)}`,
  /** Money with its sign: `+1.000,00 €`, `-30,00 €` (bill flow). */
  signedMoney: (value) => (Number(value) > 0 ? `+${formatMoney(Number(value))}` : formatMoney(Number(value))),
  /** Profit or loss: signed money, shown green or red by the list. */
  pnl: (value) => (Number(value) > 0 ? `+${formatMoney(Number(value))}` : formatMoney(Number(value))),
  number: (value, intl) => formatNumber(Number(value), intl.locale),
  masked: (value) => maskTail(String(value ?? '')),
  uppercase: (value) => String(value ?? '').toUpperCase(),
  date: dateTime({ dateStyle: 'medium' }),
  datetime: dateTime({ dateStyle: 'medium', timeStyle: 'short' }),
  /** A price: two decimals, no currency (market data; not a number: `–`). */
  price: (value, intl) => formatPrice(figure(value), intl.locale),
  /** A signed price change: `+12,35` (market data; not a number: `–`). */
  change: (value, intl) => formatChange(figure(value), intl.locale),
  /** A signed percentage of a value already in percent: 1.25 → `+1,25 %` (market data; not a number: `–`). */
  percent: (value, intl) => formatPercent(figure(value), intl.locale),
  /** A compact share count: `1,2 Mio.` (market data; not a number: `–`). */
  volume: (value, intl) => formatVolume(figure(value), intl.locale),
  /** A whole number: `1.250` (market data; not a number: `–`). */
  integer: (value, intl) => formatInteger(figure(value), intl.locale),
  /** A ratio as a percentage in the screen's language, at most 3 decimals truncated: 0.001 → `0,1 %` (de, no break before `%`), `0.1%` (en). */
  ratioPercent: (value, intl) => numberFormat(intl.locale, { style: 'percent', maximumFractionDigits: 3, roundingMode: 'trunc' }).format(Number(value)),
  /** Time left from milliseconds (the IPO countdown) in the screen's language: `2 Tg. 3 Std.`, `1 hr 5 min`, `4 min 9 sec`; nothing left: `–`. */
  remaining: (value, intl) => remainingText(Number(value), intl.locale),
  /** Remaining seconds in the screen's language: `42 Sek.`, `42 sec`. */
  seconds: (value, intl) => unit(intl.locale, Math.max(0, Math.ceil(Number(value))), 'second'),
  /** A multiple, two decimals in the viewer's language: 2.3333 → `2,33×` (an IPO's subscription; not a number: `–`). */
  times: (value, intl) => (value === null || value === undefined || !Number.isFinite(Number(value)) ? '–' : `${numberFormat(intl.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))}×`),
  /** A status value → its label, message id `status.<value>` (docs/product.md, Statuses). */
  status: (value, intl) => (value ? intl.formatMessage({ id: `status.${String(value)}` }) : ''),
};

/** Formats a value by formatter name. */
export function formatValue(value: unknown, format: string | undefined, intl: IntlShape, formatters: Record<string, Formatter> = FORMATTERS): string {
  return (formatters[format ?? 'text'] ?? formatters.text ?? FORMATTERS.text!)(value, intl);
}

/** What a binding may say about how to show its value (see `binding` in layout.meta.json). */
export interface BindingLike {
  field: string;
  format?: string;
  /** Value → message id `<labelPrefix>.<value>` (enumerations such as a channel or a kind). */
  labelPrefix?: string;
  /**
   * For a list value: the fields of each item, joined with ' · ', one item per line; a field
   * may name its formatter and a short prefix (`{field: "quantity", prefix: "×"}`, `{field: "price", format: "inr"}`).
   */
  itemFields?: Array<string | { field: string; format?: string; prefix?: string }>;
}

/** Formats one binding of a record: enumerations by label, lists item by item, else by formatter. */
export function formatBinding(data: unknown, binding: BindingLike, intl: IntlShape, formatters: Record<string, Formatter> = FORMATTERS): string {
  const value = readPath(data, binding.field);
  if (value === undefined || value === null || value === '') return '';
  if (binding.labelPrefix) return intl.formatMessage({ id: `${binding.labelPrefix}.${String(value)}` });
  if (binding.itemFields && Array.isArray(value)) {
    return value
      .map((item) =>
        binding
          .itemFields!.map((f) => {
            if (typeof f === 'string') return String(readPath(item, f) ?? '');
            const v = readPath(item, f.field);
            return v === undefined || v === null || v === '' ? '' : `${f.prefix ?? ''}${formatValue(v, f.format, intl, formatters)}`;
          })
          .filter(Boolean)
          .join(' · '),
      )
      .join('\n');
  }
  return formatValue(value, binding.format, intl, formatters);
}

/** Formatting bound to the current locale and the registry's formatters. */
export function useFormat() {
  const intl = useIntl();
  const formatters = useOptionalRenderer()?.formatters ?? FORMATTERS;
  return useMemo(
    () => ({
      /** A value by formatter name. */
      value: (value: unknown, format?: string) => formatValue(value, format, intl, formatters),
      /** One binding of a record (see {@link formatBinding}). */
      binding: (data: unknown, binding: BindingLike) => formatBinding(data, binding, intl, formatters),
    }),
    [intl, formatters],
  );
}

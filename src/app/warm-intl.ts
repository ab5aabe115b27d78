import { INDIA_TIME_ZONE } from '../shared/india-time';
/**
 * Issue 13 (TBT): makes the browser's Intl ready for `tag` before the first render needs it —
 * the locale checks react-intl's `createIntl` makes (`supportedLocalesOf`) and the number, date
 * and plural formatters the screens use. Safe to call more than once; never throws.
 * @param tag a BCP 47 tag such as `de-DE`.
 */
export function warmIntl(tag: string): void {
  try {
    Intl.NumberFormat.supportedLocalesOf(tag);
    Intl.DateTimeFormat.supportedLocalesOf(tag);
    new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
    new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: INDIA_TIME_ZONE }).format(0);
    new Intl.PluralRules(tag).select(1);
  } catch {
    /* an engine without a part of Intl formats later, as it would have anyway */
  }
}

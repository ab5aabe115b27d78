import { formatChange, formatClock, formatPercent, formatPrice } from '../../renderers/formatters/market';

/**
 * The steps of {@link warmIntl}, each one task's work: the locale checks react-intl's
 * `createIntl` makes (`supportedLocalesOf`, ICU's first use), the plural rules, and the shared
 * price, change, percent and clock formatters (`src/shared/intl-cache.ts` keeps them,
 * so the first render reuses these very objects).
 */
const STEPS: Array<(tag: string) => void> = [
  (tag) => Intl.NumberFormat.supportedLocalesOf(tag),
  (tag) => Intl.DateTimeFormat.supportedLocalesOf(tag),
  (tag) => new Intl.PluralRules(tag).select(1),
  (tag) => formatPrice(1234.5, tag),
  (tag) => {
    formatChange(1.5, tag);
    formatPercent(1.5, tag);
  },
  (tag) => formatClock(0, tag),
];

/**
 * Less TBT: makes the browser's Intl ready for `tag` before the first render needs it,
 * while the messages and block chunks are on the network. Each step runs in a task of its own:
 * all in one task would itself be a long task on a phone. Never throws.
 * @param tag a BCP 47 tag such as `de-DE`.
 * @param schedule runs a step later (a macrotask by default).
 */
export function warmIntl(tag: string, schedule: (step: () => void) => void = (step) => setTimeout(step, 0)): void {
  const run = (index: number) => {
    if (index >= STEPS.length) return;
    schedule(() => {
      try {
        STEPS[index]!(tag);
      } catch {
        /* an engine without a part of Intl formats later, as it would have anyway */
      }
      run(index + 1);
    });
  };
  run(0);
}

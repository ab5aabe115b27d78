/**
 * The filters above a list (`filters` of a list block): choice chips (plus "all") or a month
 * choice (all, or one of the last twelve calendar months in India time, named in the screen's
 * language); each sets one call parameter.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { indiaDateTimeFormat, indiaDay } from '../../../src/shared/india-time';
import type { ListBlockSpec } from './spec';

/** How many months back the month choice offers (this month included). */
const MONTHS_OFFERED = 12;

/**
 * The last {@link MONTHS_OFFERED} calendar months in India time, newest first, at `now` (epoch
 * ms): each as `{value: 'YYYY-MM', label}` with the month's name in `locale` ("November 2026").
 */
export function recentMonths(now: number, locale: string): Array<{ value: string; label: string }> {
  const [year, month] = indiaDay(now).split('-').map(Number) as [number, number];
  const names = indiaDateTimeFormat(locale, { month: 'long', year: 'numeric' });
  return Array.from({ length: MONTHS_OFFERED }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    // Mid-month noon UTC names the month in every time zone.
    return { value: `${y}-${String(m).padStart(2, '0')}`, label: names.format(new Date(Date.UTC(y, m - 1, 15, 12))) };
  });
}

/** A filter the user sets above the list; its value goes into the call's params. */
export type FilterSpec = NonNullable<ListBlockSpec['filters']>[number];

/** Filter chips and month picker above a list; `values` maps a param to its chosen value. */
export function Filters({ specs, values, onChange }: { specs: FilterSpec[]; values: Record<string, string>; onChange: (next: Record<string, string>) => void }) {
  const intl = useIntl();
  const months = useMemo(() => recentMonths(Date.now(), intl.locale), [intl.locale]);
  const set = (param: string, value: string | undefined) => {
    const next = { ...values };
    if (value) next[param] = value;
    else delete next[param];
    onChange(next);
  };
  return (
    <div className="filters">
      {specs.map((filter) =>
        filter.type === 'month' ? (
          <label key={filter.param} className="filter-month">
            <span>{intl.formatMessage({ id: filter.label })}</span>
            <select value={values[filter.param] ?? ''} onChange={(e) => set(filter.param, e.target.value || undefined)} data-testid={`filter-${filter.param}`}>
              <option value="">{intl.formatMessage({ id: 'common.all' })}</option>
              {months.map((month) => (
                <option key={month.value} value={month.value}>{month.label}</option>
              ))}
            </select>
          </label>
        ) : (
          <div key={filter.param} className="chips" role="radiogroup" aria-label={intl.formatMessage({ id: filter.label })}>
            {[{ value: '', label: 'common.all' }, ...(filter.options ?? [])].map((option) => (
              <button
                key={option.value || 'all'}
                type="button"
                role="radio"
                aria-checked={(values[filter.param] ?? '') === option.value}
                className={`chip${(values[filter.param] ?? '') === option.value ? ' active' : ''}`}
                onClick={() => set(filter.param, option.value || undefined)}
              >
                {intl.formatMessage({ id: option.label })}
              </button>
            ))}
          </div>
        ),
      )}
    </div>
  );
}

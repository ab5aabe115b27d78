/**
 * The filters above a list (`filters` of a list block): choice chips (plus "all") or a month
 * picker; each sets one call parameter.
 */
import { useIntl } from 'react-intl';
import type { ListBlockSpec } from './spec';

/** A filter the user sets above the list; its value goes into the call's params. */
export type FilterSpec = NonNullable<ListBlockSpec['filters']>[number];

/** Filter chips and month picker above a list; `values` maps a param to its chosen value. */
export function Filters({ specs, values, onChange }: { specs: FilterSpec[]; values: Record<string, string>; onChange: (next: Record<string, string>) => void }) {
  const intl = useIntl();
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
            <input type="month" value={values[filter.param] ?? ''} onChange={(e) => set(filter.param, e.target.value || undefined)} data-testid={`filter-${filter.param}`} />
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

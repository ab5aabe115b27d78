/**
 * Contract duration chips (the up/down trade panel): each configured duration with its profit
 * rate and the potential profit for the amount entered in a sibling field, e.g.
 * `60 s · 85 % · +85 €`. The value is the duration in seconds.
 * `ui:options`: `call` + `field` (the durations `[{seconds, rate}]`), `amountField`.
 */
import { useSyncExternalStore } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useCallData } from '../data';
import { readPath } from '../data';
import { formatMoney } from '../../src/shared/format';
import { contractProfit } from '../../src/shared/trade';
import type { FormContext } from '../form/context';
import { Skeleton } from '../ui/Skeleton';

interface Duration {
  seconds: number;
  rate: number;
}

export function DurationWidget(props: WidgetProps) {
  const { id, value, options, onChange, registry, rawErrors } = props;
  const context = registry.formContext as FormContext;
  // Subscribe to the sibling amount as a primitive: a stable snapshot for React.
  const amountField = String(options.amountField ?? 'amount');
  const amount = Number(useSyncExternalStore(context.subscribe, () => readPath(context.getFormData(), amountField) ?? null));
  const { data: config } = useCallData<Record<string, unknown>>({ call: String(options.call) });
  if (!config) return <Skeleton rows={1} />;
  const durations = (readPath(config, String(options.field)) as Duration[] | undefined) ?? [];
  return (
    <div id={id} className={`duration-chips${rawErrors?.length ? ' invalid' : ''}`} role="radiogroup">
      {durations.map((d) => {
        const profit = Number.isFinite(amount) && amount > 0 ? contractProfit(amount, d.rate) : null;
        return (
          <button
            key={d.seconds}
            type="button"
            role="radio"
            aria-checked={value === d.seconds}
            className={`duration-chip${value === d.seconds ? ' active' : ''}`}
            onClick={() => onChange(d.seconds)}
          >
            <strong>{d.seconds} s</strong>
            <span>{Math.round(d.rate * 100)} %</span>
            <small>{profit !== null ? `+${formatMoney(profit)}` : '—'}</small>
          </button>
        );
      })}
    </div>
  );
}

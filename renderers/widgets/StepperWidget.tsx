/**
 * A whole-number stepper (share quantity, IPO lots): − [n] +, numeric keypad; the value is an
 * integer. `ui:options.estimate` shows server-computed figures for the current data under it
 * (the ticket's INR price, EUR/INR rate and amount; the IPO calculator); `ui:options.bounds`
 * states the served schema's bounds (`{min}`, `{max}`), so a bound published in the studio is
 * the one the field states, keeps to and the server enforces.
 */
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { Minus, Plus } from 'lucide-react';
import type { WidgetProps } from '@rjsf/utils';
import type { FormContext } from '../form/context';
import { Estimate, type EstimateSpec } from './Estimate';

export function StepperWidget(props: WidgetProps) {
  const { id, value, schema, onChange, rawErrors, placeholder, options, registry } = props;
  const estimate = options.estimate as EstimateSpec | undefined;
  const bounds = typeof options.bounds === 'string' ? options.bounds : undefined;
  const intl = useIntl();
  const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
  const current = typeof value === 'number' ? value : undefined;
  const set = (next: number | undefined) => onChange(next === undefined ? undefined : Math.min(max, Math.max(min, Math.trunc(next))));
  return (
    <>
    <div className={`stepper${rawErrors?.length ? ' invalid' : ''}`}>
      <button type="button" className="stepper-button" aria-label={intl.formatMessage({ id: 'field.decrease' })} onClick={() => set((current ?? min) - 1)}>
        <Minus size={18} />
      </button>
      <input
        id={id}
        className="input stepper-input"
        inputMode="numeric"
        value={current ?? ''}
        placeholder={placeholder}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const digits = event.target.value.replace(/\D/g, '');
          set(digits === '' ? undefined : Number(digits));
        }}
      />
      <button type="button" className="stepper-button" aria-label={intl.formatMessage({ id: 'field.increase' })} onClick={() => set((current ?? 0) + 1)}>
        <Plus size={18} />
      </button>
    </div>
    {bounds && (
      <p className="field-help" data-testid="stepper-bounds">
        {intl.formatMessage({ id: bounds }, { min, max })}
      </p>
    )}
    {estimate && <Estimate spec={estimate} context={registry.formContext as FormContext} />}
    </>
  );
}

/**
 * Amount input in currency units (euros): decimal keypad, comma or point as decimal separator,
 * at most 2 decimals; the field's value is a number. `ui:options.breakdown` shows a fee and
 * the net amount under the input from a ratio loaded from a call (e.g. the 3% withdrawal
 * fee): `{call, field, feeLabel, netLabel}`; the fee is the server's own rule
 * (`withdrawalFeeMinor`, rounded down to the cent). The placeholder states the least amount:
 * the field schema's `minimum` (as published; one cent is not shown) or the one at
 * `ui:options.minimumCall`/`minimumField`, whichever is higher; `ui:options.chips` `{call, field}` offers quick amounts;
 * `ui:options.available` `{call, field, label, allLabel}` shows the amount available (e.g. the
 * balance) under the input with a chip that enters all of it; `ui:options.integer` allows whole
 * units only; `ui:options.estimate` shows server-computed figures for the current data (as the
 * stepper's: the basket's shares per stock and leftover). A typed amount the field cannot take (negative, too many decimals) stays visible,
 * reaches the schema's validation as typed, and hides the fee and net until it is valid again.
 */
import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { WidgetProps } from '@rjsf/utils';
import { formatMoney } from '../../src/shared/format';
import { fromMinor, roundToMinor, withdrawalFeeMinor } from '../../src/shared/money';
import { useCallData } from '../data';
import { readPath } from '../data';
import type { FormContext } from '../form/context';
import { Estimate, type EstimateSpec } from './Estimate';

const AMOUNT = /^\d{0,9}([.,]\d{0,2})?$/;
const WHOLE = /^\d{0,9}$/;
/** What the input lets through at all: a sign, digits, one separator (validation judges the rest). */
const TYPED = /^-?\d{0,12}([.,]\d{0,6})?$/;
/** The least amount of every money contract: a schema minimum of one cent is no hint. */
const ONE_CENT = 0.01;


export function MoneyWidget(props: WidgetProps) {
  const { id, value, options, placeholder, rawErrors, onChange, onBlur, onFocus, disabled, readonly, registry } = props;
  const estimate = options.estimate as EstimateSpec | undefined;
  const intl = useIntl();
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value).replace('.', intl.locale.startsWith('de') ? ',' : '.'));
  const breakdown = options.breakdown as { call: string; field: string; feeLabel: string; netLabel: string } | undefined;
  const ratio = useCallData<Record<string, unknown>>(breakdown ? { call: breakdown.call } : null);
  const minimum = useCallData<Record<string, unknown>>(options.minimumCall ? { call: String(options.minimumCall) } : null);
  const loadedMinimum = options.minimumField && minimum.data ? Number(readPath(minimum.data, String(options.minimumField))) : NaN;
  // The least amount shown: the loaded one or the served schema's minimum (a rule staff may
  // publish; one cent is only "above 0"), whichever is higher — the server enforces both.
  const schemaMinimum = typeof props.schema.minimum === 'number' && props.schema.minimum > ONE_CENT ? props.schema.minimum : NaN;
  const minimumValue = [loadedMinimum, schemaMinimum].filter(Number.isFinite).reduce<number | undefined>((a, b) => (a === undefined ? b : Math.max(a, b)), undefined);

  const chips = options.chips as { call: string; field: string } | undefined;
  const chipData = useCallData<Record<string, unknown>>(chips ? { call: chips.call } : null);
  const chipValues = chips && chipData.data ? ((readPath(chipData.data, chips.field) as number[] | undefined) ?? []) : [];

  const available = options.available as { call: string; field: string; label: string; allLabel: string } | undefined;
  const availableData = useCallData<unknown>(available ? { call: available.call } : null);
  const availableValue = available && availableData.data !== undefined ? Number(readPath(availableData.data, available.field)) : NaN;

  const set = (next: string) => {
    setText(next);
    const parsed = Number(next.replace(',', '.'));
    onChange(next === '' || next === '-' || Number.isNaN(parsed) ? undefined : parsed);
  };
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value.replace(/\s/g, '');
    if (!TYPED.test(next)) return;
    set(next);
  };

  // The fee and net only for an amount the field accepts (and within the known bounds).
  const valid =
    typeof value === 'number' &&
    value > 0 &&
    (options.integer ? WHOLE : AMOUNT).test(text) &&
    !(minimumValue !== undefined && value < minimumValue) &&
    !(Number.isFinite(availableValue) && value > availableValue);
  const amountMinor = valid ? roundToMinor(value) : 0;
  const rate = breakdown && ratio.data !== undefined ? Number(readPath(ratio.data, breakdown.field)) : NaN;
  const fee = valid && Number.isFinite(rate) ? withdrawalFeeMinor(amountMinor, Math.round(rate * 10_000)) : null;
  const shownPlaceholder = minimumValue !== undefined ? intl.formatMessage({ id: 'field.amountMinimum' }, { amount: formatMoney(minimumValue) }) : placeholder;

  return (
    <div className="money-input">
      <div className="input-wrap">
        <span className="money-prefix" aria-hidden="true">€</span>
        <input
          id={id}
          name={id}
          className="input money"
          inputMode={options.integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          placeholder={shownPlaceholder}
          disabled={disabled || readonly}
          aria-invalid={Boolean(rawErrors?.length)}
          onChange={handle}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      </div>
      {available && Number.isFinite(availableValue) && (
        <div className="money-available" data-testid="money-available">
          <span>
            {intl.formatMessage({ id: available.label })} <strong className="mono">{formatMoney(availableValue)}</strong>
          </span>
          <button type="button" className={`chip${value === availableValue ? ' active' : ''}`} disabled={disabled || readonly || availableValue <= 0} onClick={() => set(String(availableValue))} data-testid="money-all">
            {intl.formatMessage({ id: available.allLabel })}
          </button>
        </div>
      )}
      {chipValues.length > 0 && (
        <div className="chips" role="group">
          {chipValues.map((chip) => (
            <button key={chip} type="button" className={`chip${value === chip ? ' active' : ''}`} onClick={() => set(String(chip))}>
              {formatMoney(chip).replace(/,00\s?€$/, ' €')}
            </button>
          ))}
        </div>
      )}
      {breakdown && fee !== null && (
        <dl className="money-breakdown" data-testid="money-breakdown">
          <div>
            <dt>{intl.formatMessage({ id: breakdown.feeLabel }, { fee: Math.round(rate * 10000) / 100 })}</dt>
            <dd data-testid="fee">{formatMoney(fromMinor(fee))}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: breakdown.netLabel })}</dt>
            <dd data-testid="net">{formatMoney(fromMinor(Math.max(0, amountMinor - fee)))}</dd>
          </div>
        </dl>
      )}
      {estimate && <Estimate spec={estimate} context={registry.formContext as FormContext} />}
    </div>
  );
}

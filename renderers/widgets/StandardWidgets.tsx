/**
 * rjsf's standard widgets in Nivesh's style, for forms written for @rjsf/core: select (single
 * and multiple), radio, checkbox, a yes/no switch (`toggle`), checkboxes, range (with its value shown), up/down number,
 * date, time, date-time (local time in the field, ISO UTC in the data), url and colour (the
 * file widget is `FileWidget.tsx`). They register
 * under rjsf's lower-case `ui:widget` names and its default widget names, so a field without
 * `ui:widget` (an enum, a boolean, `format: date`) renders in the same style.
 */
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  ariaDescribedByIds,
  enumOptionsDeselectValue,
  enumOptionsIndexForValue,
  enumOptionsSelectValue,
  enumOptionsValueForIndex,
  localToUTC,
  optionId,
  utcToLocal,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';

/** `aria-describedby` of a widget: its error line or its help, as the field template renders them. */
const describedBy = (props: WidgetProps) => (props.rawErrors?.length ? `${props.id}__error` : `${props.id}__help`);

/** A native select: one value, or several when the field is an array (`multiple`). */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, multiple, autofocus, options, placeholder, rawErrors, onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled = [], emptyValue } = options;
  const index = enumOptionsIndexForValue(value, enumOptions, multiple);
  const read = (event: { target: HTMLSelectElement }) =>
    multiple
      ? enumOptionsValueForIndex(Array.from(event.target.selectedOptions, (o) => o.value), enumOptions, emptyValue)
      : enumOptionsValueForIndex(event.target.value, enumOptions, emptyValue);
  return (
    <div className="input-wrap select-wrap">
      <select
        id={id}
        name={id}
        className={`input select${multiple ? ' select-multiple' : ''}`}
        multiple={multiple}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        value={index === undefined ? (multiple ? [] : '') : Array.isArray(index) ? index : String(index)}
        aria-invalid={Boolean(rawErrors?.length)}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(read(event))}
        onBlur={(event) => onBlur(id, read(event))}
        onFocus={(event) => onFocus(id, read(event))}
      >
        {!multiple && <option value="">{placeholder ?? ''}</option>}
        {enumOptions.map((option, i) => (
          <option key={i} value={String(i)} disabled={enumDisabled.includes(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A list of choices, one labelled row per enum option: the radio group and the checkbox group
 * share every input prop but the input's type, whether an option is checked and what a change
 * does.
 * @param type `radio` (a `radiogroup`, one choice) or `checkbox` (a `group`, several).
 * @param onPick a change of option `i`'s input to `checked`.
 */
function ChoiceList(props: WidgetProps & { type: 'radio' | 'checkbox'; isChecked: (option: EnumOptionsType) => boolean; onPick: (option: EnumOptionsType, i: number, checked: boolean) => void }) {
  const { id, disabled, readonly, options, rawErrors, onBlur, onFocus, type, isChecked, onPick } = props;
  const { enumOptions = [], enumDisabled = [], emptyValue } = options;
  const valueOf = (event: { target: HTMLInputElement }) => enumOptionsValueForIndex(event.target.value, enumOptions, emptyValue);
  return (
    <div id={id} className={`choice-list${options.inline ? ' inline' : ''}${rawErrors?.length ? ' invalid' : ''}`} role={type === 'radio' ? 'radiogroup' : 'group'} aria-describedby={describedBy(props)}>
      {enumOptions.map((option, i) => (
        <label key={i} className="choice-row">
          <input
            type={type}
            id={optionId(id, i)}
            name={id}
            className="choice-input"
            value={String(i)}
            checked={isChecked(option)}
            disabled={disabled || readonly || enumDisabled.includes(option.value)}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onPick(option, i, event.target.checked)}
            onBlur={(event) => onBlur(id, valueOf(event))}
            onFocus={(event) => onFocus(id, valueOf(event))}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** Radio buttons, one row each (booleans get Yes/No from rjsf's enum options). */
export function RadioWidget(props: WidgetProps) {
  const { value, onChange } = props;
  return <ChoiceList {...props} type="radio" isChecked={(option) => option.value === value} onPick={(option) => onChange(option.value)} />;
}

/**
 * One checkbox with its label beside it. The widget labels its own field: the field template
 * draws no label above it (`SELF_LABELLED_WIDGETS` in `deferred.tsx`), whether a layout names
 * `ui:widget: checkbox` or the boolean has no `ui:widget`.
 */
export function CheckboxWidget(props: WidgetProps) {
  return <BooleanWidget {...props} />;
}

/**
 * A yes/no switch (`ui:widget: toggle`) for a setting that takes effect as it reads, its label
 * before it: a checkbox with the `switch` role, so assistive technology says "on"/"off".
 * It labels its own field, as the checkbox does.
 */
export function ToggleWidget(props: WidgetProps) {
  return <BooleanWidget {...props} toggle />;
}

/** The checkbox, or with `toggle` the switch, of one boolean with its label beside it. */
function BooleanWidget(props: WidgetProps & { toggle?: boolean }) {
  const { id, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, onChange, onBlur, onFocus, registry, toggle } = props;
  const mark = required && (registry.formContext as { markRequired?: boolean } | undefined)?.markRequired;
  return (
    <label className={`choice-row check-row${toggle ? ' toggle-row' : ''}${rawErrors?.length ? ' invalid' : ''}`}>
      <input
        type="checkbox"
        role={toggle ? 'switch' : undefined}
        id={id}
        name={id}
        className={toggle ? 'choice-input toggle-input' : 'choice-input'}
        checked={value === true}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-invalid={Boolean(rawErrors?.length)}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      {!hideLabel && (
        <span>
          {label}
          {mark && (
            <span className="field-required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </span>
      )}
    </label>
  );
}

/** Several checkboxes for an array of unique enum values. */
export function CheckboxesWidget(props: WidgetProps) {
  const { value, options, onChange } = props;
  const { enumOptions = [] } = options;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  return (
    <ChoiceList
      {...props}
      type="checkbox"
      isChecked={(option) => selected.some((v) => v === option.value)}
      onPick={(_option, i, checked) => onChange(checked ? enumOptionsSelectValue(i, selected, enumOptions) : enumOptionsDeselectValue(i, selected, enumOptions))}
    />
  );
}

/** A slider with the current value beside it. */
export function RangeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, schema, rawErrors, onChange, onBlur, onFocus } = props;
  const intl = useIntl();
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 100;
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : schema.type === 'integer' ? 1 : 'any';
  return (
    <div className="range-wrap">
      <input
        type="range"
        id={id}
        name={id}
        className="range"
        min={min}
        max={max}
        step={step}
        value={value ?? min}
        disabled={disabled || readonly}
        aria-invalid={Boolean(rawErrors?.length)}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(Number(event.target.value))}
        onBlur={(event) => onBlur(id, Number(event.target.value))}
        onFocus={(event) => onFocus(id, Number(event.target.value))}
      />
      <output htmlFor={id} className="range-value">
        {value === undefined ? '–' : intl.formatNumber(Number(value))}
      </output>
    </div>
  );
}

type NativeKind = 'updown' | 'date' | 'time' | 'datetime' | 'url' | 'color';

const NATIVE: Record<NativeKind, { type: string; inputMode?: 'decimal' | 'url' }> = {
  updown: { type: 'number', inputMode: 'decimal' },
  date: { type: 'date' },
  time: { type: 'time' },
  datetime: { type: 'datetime-local' },
  url: { type: 'url', inputMode: 'url' },
  color: { type: 'color' },
};

function makeNative(kind: NativeKind) {
  return function NativeInput(props: WidgetProps) {
    const { id, value, required, disabled, readonly, autofocus, placeholder, schema, options, rawErrors, onChange, onBlur, onFocus } = props;
    const { type, inputMode } = NATIVE[kind];
    const shown = kind === 'datetime' ? utcToLocal(value) : (value ?? '');
    const read = (text: string) => {
      if (text === '') return options.emptyValue;
      if (kind === 'datetime') return localToUTC(text);
      if (kind === 'time' && /^\d{2}:\d{2}$/.test(text)) return `${text}:00`;
      return text;
    };
    return (
      <div className="input-wrap">
        <input
          id={id}
          name={id}
          className={kind === 'color' ? 'input input-color' : 'input'}
          type={type}
          inputMode={inputMode}
          step={kind === 'updown' ? (typeof schema.multipleOf === 'number' ? schema.multipleOf : schema.type === 'integer' ? 1 : 'any') : kind === 'time' ? 1 : undefined}
          min={kind === 'updown' && typeof schema.minimum === 'number' ? schema.minimum : undefined}
          max={kind === 'updown' && typeof schema.maximum === 'number' ? schema.maximum : undefined}
          value={shown}
          required={required}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          placeholder={placeholder}
          aria-invalid={Boolean(rawErrors?.length)}
          aria-describedby={ariaDescribedByIds(id) && describedBy(props)}
          onChange={(event) => onChange(read(event.target.value))}
          onBlur={(event) => onBlur(id, read(event.target.value))}
          onFocus={(event) => onFocus(id, read(event.target.value))}
        />
      </div>
    );
  };
}

export const UpDownWidget = makeNative('updown');
export const DateWidget = makeNative('date');
export const TimeWidget = makeNative('time');
export const DateTimeWidget = makeNative('datetime');
export const URLWidget = makeNative('url');
export const ColorWidget = makeNative('color');


/**
 * A list of exchange symbols typed as one line ("RELIANCE, TCS"), for an array-of-strings field
 * (e.g. the symbols a news article is about). rjsf hands an array field with a `ui:widget` the
 * whole array; this widget keeps the typed text while editing (so a trailing comma or space
 * is not swallowed) and emits the symbols upper-cased, without blanks or repeats. At most
 * `ui:options.max` symbols are kept (default: the schema's `maxItems`).
 */
import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** The symbols of a typed line: split at commas or spaces, upper-cased, unique, in order. */
export function parseSymbolList(text: string, max = Number.POSITIVE_INFINITY): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((part) => part.trim().toUpperCase()).filter(Boolean))].slice(0, max);
}

export function SymbolListWidget(props: WidgetProps) {
  const { id, value, placeholder, options, rawErrors, schema, onChange, onBlur, onFocus, disabled, readonly } = props;
  const symbols = Array.isArray(value) ? (value as string[]) : [];
  const joined = symbols.join(', ');
  const max = typeof options.max === 'number' ? options.max : typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const [text, setText] = useState(joined);
  // A value set from outside (the edit form's load, a reset) replaces what is shown.
  useEffect(() => {
    if (parseSymbolList(text, max).join(', ') !== joined) setText(joined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value changes
  }, [joined]);
  return (
    <input
      id={id}
      name={id}
      className="input"
      type="text"
      inputMode="text"
      autoCapitalize="characters"
      autoComplete="off"
      value={text}
      placeholder={placeholder}
      disabled={disabled || readonly}
      aria-invalid={Boolean(rawErrors?.length)}
      onChange={(event) => {
        setText(event.target.value.toUpperCase());
        onChange(parseSymbolList(event.target.value, max));
      }}
      onBlur={() => onBlur(id, symbols)}
      onFocus={() => onFocus(id, symbols)}
    />
  );
}

/** Multi-line text (articles, descriptions); `ui:options.rows` sets the height. */
import type { WidgetProps } from '@rjsf/utils';

export function TextareaWidget(props: WidgetProps) {
  const { id, value, placeholder, options, rawErrors, schema, onChange, onBlur, onFocus, disabled, readonly } = props;
  return (
    <textarea
      id={id}
      name={id}
      className="input textarea"
      rows={Number(options.rows ?? 6)}
      value={value ?? ''}
      placeholder={placeholder}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      disabled={disabled || readonly}
      aria-invalid={Boolean(rawErrors?.length)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

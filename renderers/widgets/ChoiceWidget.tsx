/**
 * A segmented choice for short enumerations (`oneOf` of `const` + `title`): big tap targets
 * instead of a native select.
 */
import type { WidgetProps } from '@rjsf/utils';

export function ChoiceWidget(props: WidgetProps) {
  const { id, value, options, onChange, disabled, readonly, rawErrors } = props;
  const choices = options.enumOptions ?? [];
  return (
    <div id={id} className={`segmented${rawErrors?.length ? ' invalid' : ''}`} role="radiogroup">
      {choices.map((choice) => (
        <button
          key={String(choice.value)}
          type="button"
          role="radio"
          aria-checked={value === choice.value}
          className={`segment${value === choice.value ? ' active' : ''}`}
          disabled={disabled || readonly}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A segmented choice for short enumerations (`oneOf` of `const` + `title`): big tap targets
 * instead of a native select. `ui:options.tones` maps a value to a tone class (e.g. the trade
 * direction: `{"1": "up", "2": "down"}`) shown with an arrow.
 */
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { WidgetProps } from '@rjsf/utils';

export function ChoiceWidget(props: WidgetProps) {
  const { id, value, options, onChange, disabled, readonly, rawErrors } = props;
  const choices = options.enumOptions ?? [];
  const tones = (options.tones ?? {}) as Record<string, 'up' | 'down'>;
  return (
    <div id={id} className={`segmented${Object.keys(tones).length ? ' toned' : ''}${rawErrors?.length ? ' invalid' : ''}`} role="radiogroup">
      {choices.map((choice) => {
        const tone = tones[String(choice.value)];
        return (
          <button
            key={String(choice.value)}
            type="button"
            role="radio"
            aria-checked={value === choice.value}
            className={`segment${value === choice.value ? ' active' : ''}${tone ? ` tone-${tone}` : ''}`}
            disabled={disabled || readonly}
            onClick={() => onChange(choice.value)}
          >
            {tone === 'up' && <ArrowUpRight size={18} aria-hidden="true" />}
            {tone === 'down' && <ArrowDownRight size={18} aria-hidden="true" />}
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}

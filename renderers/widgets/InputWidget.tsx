/**
 * Text-like field widgets for form blocks: text, email, password (with show/hide), number
 * (digits kept as a string, numeric keypad), tel and oneTimeCode (an authenticator or recovery
 * code: `autocomplete="one-time-code"`, no capitals or spell check; with
 * the `revealOnError` option the field stays hidden until an answer names it, see
 * `form/templates.tsx`). `ui:options.uppercase` upper-cases input; `ui:options.autocomplete`
 * passes the autofill hint.
 */
import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { Eye, EyeOff } from 'lucide-react';
import type { WidgetProps } from '@rjsf/utils';

type Kind = 'text' | 'email' | 'password' | 'number' | 'tel' | 'oneTimeCode';

const INPUT: Record<Kind, { type: string; inputMode?: 'text' | 'email' | 'numeric' | 'tel'; autoComplete?: string }> = {
  text: { type: 'text', inputMode: 'text' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  password: { type: 'password', autoComplete: 'current-password' },
  number: { type: 'text', inputMode: 'numeric', autoComplete: 'off' },
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  oneTimeCode: { type: 'text', inputMode: 'text', autoComplete: 'one-time-code' },
};

function makeInput(kind: Kind) {
  return function InputWidget(props: WidgetProps) {
    const { id, value, required, disabled, readonly, autofocus, placeholder, options, rawErrors, schema, onChange, onBlur, onFocus } = props;
    const intl = useIntl();
    const [revealed, setRevealed] = useState(false);
    const base = INPUT[kind];
    const type = kind === 'password' && revealed ? 'text' : base.type;
    const handle = (event: ChangeEvent<HTMLInputElement>) => {
      let next = event.target.value;
      if (options.uppercase) next = next.toUpperCase();
      if (kind === 'number' || options.compact) next = next.replace(/\s+/g, '');
      onChange(next === '' ? options.emptyValue : next);
    };
    const invalid = Boolean(rawErrors?.length);
    return (
      <div className={`input-wrap${kind === 'password' ? ' with-toggle' : ''}`}>
        <input
          id={id}
          name={id}
          className="input"
          type={type}
          inputMode={base.inputMode}
          autoComplete={(options.autocomplete as string | undefined) ?? base.autoComplete}
          autoCapitalize={options.uppercase ? 'characters' : kind === 'text' ? 'words' : 'off'}
          spellCheck={false}
          value={value ?? ''}
          required={required}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          placeholder={placeholder}
          maxLength={typeof schema.maxLength === 'number' && !options.compact ? schema.maxLength : undefined}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}__error` : `${id}__help`}
          onChange={handle}
          onBlur={(event) => onBlur(id, event.target.value)}
          onFocus={(event) => onFocus(id, event.target.value)}
        />
        {kind === 'password' && (
          <button
            type="button"
            className="input-toggle"
            aria-label={intl.formatMessage({ id: revealed ? 'field.hidePassword' : 'field.showPassword' })}
            onClick={() => setRevealed((v) => !v)}
          >
            {revealed ? <EyeOff size={20} /> : <Eye size={20} />}
          </button>
        )}
      </div>
    );
  };
}

export const TextWidget = makeInput('text');
export const EmailWidget = makeInput('email');
export const PasswordWidget = makeInput('password');
export const NumberWidget = makeInput('number');
export const TelWidget = makeInput('tel');
export const OneTimeCodeWidget = makeInput('oneTimeCode');

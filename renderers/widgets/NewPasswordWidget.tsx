/**
 * `ui:widget: "newPassword"`: the password input with show/hide plus the strength
 * meter, for choosing a password (/register, /ChangePassword). `ui:options.emailField` names
 * the sibling field holding the email, whose parts count as guessable.
 */
import type { WidgetProps } from '@rjsf/utils';
import type { FormContext } from '../form/context';
import { PasswordWidget } from './InputWidget';
import { PasswordMeter } from './PasswordMeter';

export function NewPasswordWidget(props: WidgetProps) {
  const context = props.registry.formContext as FormContext | undefined;
  const emailField = String(props.options.emailField ?? 'email');
  const email = String(context?.getFormData?.()[emailField] ?? '');
  const options = { ...props.options, autocomplete: props.options.autocomplete ?? 'new-password' };
  return (
    <>
      <PasswordWidget {...props} options={options} />
      <PasswordMeter id={props.id} password={typeof props.value === 'string' ? props.value : ''} userInputs={email ? [email, email.split('@')[0]!] : []} />
    </>
  );
}

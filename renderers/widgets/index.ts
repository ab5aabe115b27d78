/**
 * The widget collection: `ui:widget` name → component. Names match `definitions/widgetName` of
 * the catalogue (fragment `widgets.schema.json` beside this file; the linter checks layouts
 * against it), apart from {@link INTERNAL_WIDGETS}.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { EmailWidget, NumberWidget, PasswordWidget, TelWidget, TextWidget } from './InputWidget';
import { CaptchaWidget } from './CaptchaWidget';
import { UnknownWidget } from './UnknownWidget';
import { PhotoWidget } from './PhotoWidget';
import { ChoiceWidget } from './ChoiceWidget';
import { MoneyWidget } from './MoneyWidget';
import { BankAccountWidget } from './BankAccountWidget';
import { DurationWidget } from './DurationWidget';
import { StepperWidget } from './StepperWidget';
import { TextareaWidget } from './TextareaWidget';
import { NewPasswordWidget } from './NewPasswordWidget';

/** Entries layouts do not name: rjsf's default text widget and the visible fallback. */
export const INTERNAL_WIDGETS = ['TextWidget', 'unknown'];

export const WIDGETS: RegistryWidgetsType = {
  text: TextWidget,
  TextWidget,
  email: EmailWidget,
  password: PasswordWidget,
  newPassword: NewPasswordWidget,
  number: NumberWidget,
  tel: TelWidget,
  captcha: CaptchaWidget,
  photo: PhotoWidget,
  choice: ChoiceWidget,
  money: MoneyWidget,
  bankAccount: BankAccountWidget,
  duration: DurationWidget,
  stepper: StepperWidget,
  textarea: TextareaWidget,
  hidden: () => null,
  unknown: UnknownWidget,
};

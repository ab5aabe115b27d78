/**
 * The flat widget registry: `ui:widget` name → component. Names must match `widgetName` in
 * `schemas/layout.meta.json` (the linter checks layouts against that list).
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

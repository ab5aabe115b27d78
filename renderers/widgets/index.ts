/**
 * The widget collection: `ui:widget` name → component. Names match `definitions/widgetName` of
 * the catalogue (fragment `widgets.schema.json` beside this file; the linter checks layouts
 * against it), apart from the internal ones (`INTERNAL_WIDGETS` in `deferred.tsx`). A widget
 * that takes `ui:options` describes them in `<name>.options.schema.json` beside it (assembled
 * into `definitions/<name>WidgetOptions` and the form block's `uiSchema`). Loaded with the form
 * chunk; the registry holds `deferred.tsx`'s stand-ins.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { EmailWidget, NumberWidget, OneTimeCodeWidget, PasswordWidget, TelWidget, TextWidget } from './InputWidget';
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
import { SymbolListWidget } from './SymbolListWidget';
import { FileWidget } from './FileWidget';
import { CheckboxWidget, CheckboxesWidget, ToggleWidget, ColorWidget, DateTimeWidget, DateWidget, RadioWidget, RangeWidget, SelectWidget, TimeWidget, URLWidget, UpDownWidget } from './StandardWidgets';

export const WIDGETS: RegistryWidgetsType = {
  text: TextWidget,
  TextWidget,
  email: EmailWidget,
  password: PasswordWidget,
  newPassword: NewPasswordWidget,
  number: NumberWidget,
  tel: TelWidget,
  oneTimeCode: OneTimeCodeWidget,
  captcha: CaptchaWidget,
  photo: PhotoWidget,
  choice: ChoiceWidget,
  money: MoneyWidget,
  bankAccount: BankAccountWidget,
  duration: DurationWidget,
  stepper: StepperWidget,
  textarea: TextareaWidget,
  symbolList: SymbolListWidget,
  hidden: () => null,
  unknown: UnknownWidget,
  // rjsf's standard widgets, under their `ui:widget` names and rjsf's default names.
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  toggle: ToggleWidget,
  checkboxes: CheckboxesWidget,
  range: RangeWidget,
  updown: UpDownWidget,
  date: DateWidget,
  time: TimeWidget,
  datetime: DateTimeWidget,
  url: URLWidget,
  color: ColorWidget,
  file: FileWidget,
  files: FileWidget,
  // rjsf's select-based date pickers: the native pickers enter the same values.
  'alt-date': DateWidget,
  'alt-datetime': DateTimeWidget,
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  CheckboxesWidget,
  RangeWidget,
  UpDownWidget,
  DateWidget,
  TimeWidget,
  DateTimeWidget,
  URLWidget,
  ColorWidget,
  FileWidget,
  AltDateWidget: DateWidget,
  AltDateTimeWidget: DateTimeWidget,
  EmailWidget,
  PasswordWidget,
  TextareaWidget,
  HiddenWidget: () => null,
};

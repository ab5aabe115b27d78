/**
 * The widget collection as the registry holds it: one small stand-in per widget name that
 * renders the real widget once the widgets module (rjsf widgets, password meter, photo
 * upload…) has loaded with the form chunk, so the shell's first load does not carry them.
 * The form kind's `load` waits for {@link loadWidgets}, so a form never renders a stand-in
 * before its widget is there; should one, it suspends until the module arrives.
 */
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import catalogue from './widgets.schema.json';

/**
 * Entries layouts do not name: rjsf's default widget names (a field without `ui:widget` — an
 * enum, a boolean, `format: date` — renders with these) and the visible fallback.
 */
export const INTERNAL_WIDGETS = [
  'TextWidget',
  'SelectWidget',
  'RadioWidget',
  'CheckboxWidget',
  'CheckboxesWidget',
  'RangeWidget',
  'UpDownWidget',
  'DateWidget',
  'TimeWidget',
  'DateTimeWidget',
  'URLWidget',
  'ColorWidget',
  'FileWidget',
  'AltDateWidget',
  'AltDateTimeWidget',
  'EmailWidget',
  'PasswordWidget',
  'TextareaWidget',
  'HiddenWidget',
  'unknown',
];

/**
 * Widget names whose widget draws its field's label itself, beside the input (the checkbox):
 * the field template then draws no label above the field, so the label shows once.
 */
export const SELF_LABELLED_WIDGETS: ReadonlySet<string> = new Set(['checkbox', 'CheckboxWidget', 'toggle', 'ToggleWidget']);

let table: RegistryWidgetsType | null = null;
let pending: Promise<void> | null = null;

/** Loads the widgets module once; resolves when every widget can render. */
export function loadWidgets(): Promise<void> {
  pending ??= import('./index').then((module) => {
    table = module.WIDGETS;
  });
  return pending;
}

function deferredWidget(name: string) {
  function Deferred(props: WidgetProps) {
    if (!table) throw loadWidgets(); // suspends until the module is there
    const Widget = table[name];
    return Widget ? <Widget {...props} /> : null;
  }
  Deferred.displayName = `Widget(${name})`;
  return Deferred;
}

/** Every widget name of the catalogue (and the internal ones) → its stand-in. */
export const DEFERRED_WIDGETS: RegistryWidgetsType = Object.fromEntries(
  [...(catalogue.enum as string[]), ...INTERNAL_WIDGETS].map((name) => [name, deferredWidget(name)]),
);

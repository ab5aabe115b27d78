/**
 * Schemas and uiSchemas hold message ids; rjsf needs texts. These copy a schema or uiSchema
 * with every label, placeholder and help id replaced by its localized text.
 */
import type { IntlShape } from 'react-intl';

const UI_TEXT_KEYS = new Set(['ui:placeholder', 'ui:title', 'ui:description', 'ui:help']);

const text = (intl: IntlShape, id: unknown) => (typeof id === 'string' && intl.messages[id] !== undefined ? intl.formatMessage({ id }) : id);

/** Copies a data schema with property titles localized. */
export function localizeSchema<T>(schema: T, intl: IntlShape): T {
  const copy = structuredClone(schema) as Record<string, unknown>;
  const properties = (copy.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const property of Object.values(properties)) {
    if (property.title) property.title = text(intl, property.title);
    // Labelled choices: `oneOf: [{const, title}]`.
    for (const option of (property.oneOf ?? []) as Array<Record<string, unknown>>) {
      if (option.title) option.title = text(intl, option.title);
    }
  }
  delete copy.title; // the type name, not a label
  delete copy.description;
  return copy as T;
}

/** Copies a uiSchema with its text ids localized (recursively). */
export function localizeUi<T>(ui: T, intl: IntlShape): T {
  if (Array.isArray(ui)) return ui.map((item) => localizeUi(item, intl)) as T;
  if (!ui || typeof ui !== 'object') return ui;
  return Object.fromEntries(
    Object.entries(ui as Record<string, unknown>).map(([key, value]) => [key, UI_TEXT_KEYS.has(key) ? text(intl, value) : localizeUi(value, intl)]),
  ) as T;
}

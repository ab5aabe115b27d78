/**
 * Schemas and uiSchemas hold message ids; rjsf needs texts. These copy a schema or uiSchema
 * with every label, placeholder and help id replaced by its localized text. A string that is
 * not a message id of the catalogue is shown as written (forms written for plain @rjsf/core).
 */
import type { IntlShape } from 'react-intl';

const UI_TEXT_KEYS = new Set(['ui:placeholder', 'ui:title', 'ui:description', 'ui:help']);
/** Label keys of a schema node. */
const LABEL_KEYS = new Set(['title', 'description']);
/** Keys whose values are maps of names to schemas (a property may be called `title`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);
/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(['const', 'enum', 'default', 'examples', 'x-messages', 'required']);

const text = (intl: IntlShape, id: unknown) => (typeof id === 'string' && intl.messages[id] !== undefined ? intl.formatMessage({ id }) : id);
const isMessageId = (intl: IntlShape, id: unknown) => typeof id === 'string' && intl.messages[id] !== undefined;

function localizeNode(node: unknown, intl: IntlShape, isMap: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => localizeNode(item, intl, false));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (isMap) out[key] = localizeNode(value, intl, false);
    else if (LABEL_KEYS.has(key) && typeof value === 'string') out[key] = text(intl, value);
    else if (DATA_KEYS.has(key)) out[key] = value;
    else out[key] = localizeNode(value, intl, SCHEMA_MAPS.has(key));
  }
  return out;
}

/**
 * Copies a data schema with titles and descriptions localized at every depth (properties,
 * items, definitions, `oneOf` choices, branches). An object root's title and description are
 * kept only when they are message ids: a contract's root title is its type name, not a label.
 * A root that is a single value or an array keeps them: its title labels its one field.
 */
export function localizeSchema<T>(schema: T, intl: IntlShape): T {
  const raw = schema as Record<string, unknown>;
  const copy = localizeNode(schema, intl, false) as Record<string, unknown>;
  const objectRoot = raw.type === 'object' || (raw.type === undefined && (raw.properties !== undefined || raw.$ref !== undefined || raw.oneOf !== undefined || raw.anyOf !== undefined || raw.allOf !== undefined));
  if (!objectRoot) return copy as T;
  if (!isMessageId(intl, raw.title)) delete copy.title;
  if (!isMessageId(intl, raw.description)) delete copy.description;
  return copy as T;
}

/** Copies a uiSchema with its text ids localized (recursively). */
export function localizeUi<T>(ui: T, intl: IntlShape): T {
  if (Array.isArray(ui)) return ui.map((item) => localizeUi(item, intl)) as T;
  if (!ui || typeof ui !== 'object') return ui;
  return Object.fromEntries(
    Object.entries(ui as Record<string, unknown>).map(([key, value]) => [key, UI_TEXT_KEYS.has(key) ? text(intl, value) : key === 'ui:enumNames' && Array.isArray(value) ? value.map((v) => text(intl, v)) : localizeUi(value, intl)]),
  ) as T;
}

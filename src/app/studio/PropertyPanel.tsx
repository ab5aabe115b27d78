/**
 * The property panel: every property of the selected block as a form generated from that block
 * kind's part of the catalogue — the studio is itself schema-driven, rendered by rjsf. Texts,
 * ids, numbers, switches and choices are edited in place; objects and lists (`load`, `submit`,
 * `ui`, actions …) as JSON text, applied once the text parses (until then the panel names the
 * line and column). The panel keeps its own values while the editor types: the layout it gets
 * back is its own edit, never a reason to redraw the field being typed in, so focus and cursor
 * stay. Validation is the server's (`studio/screens/validate`), so the form runs without a
 * compiling validator (no `eval` under the CSP).
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { FormattedMessage } from 'react-intl';
import { kindSchema } from './catalogue';
import { parseDocument } from './json-document';

/** rjsf's validator slot: no checks here, the server checks the whole screen. */
const serverChecked: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({ errors: [], validationError: undefined }),
};

/** Props of {@link PropertyPanel}. */
export interface PropertyPanelProps {
  block: Record<string, unknown> | null;
  /**
   * Every editable property's new value; `undefined` removes the property from the block
   * (properties the catalogue does not name are left alone).
   */
  onChange(values: Record<string, unknown>): void;
}

type Values = Record<string, unknown>;

/** Parses a structured property's text: the value, `undefined` for an empty field, or the error. */
function readStructured(text: unknown): { value: unknown } | { error: { line: number; column: number } } {
  if (text === undefined || text === null || String(text).trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(String(text)) as unknown };
  } catch {
    const at = parseDocument(String(text)).error;
    return { error: { line: at?.line ?? 1, column: at?.column ?? 1 } };
  }
}

/** The selected block's properties. */
export const PropertyPanel = memo(function PropertyPanel({ block, onChange }: PropertyPanelProps) {
  const form = useMemo(() => (block ? kindSchema(String(block.kind)) : null), [block?.kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const keys = form ? Object.keys(form.schema.properties) : [];
  /** The block's editable values, structured ones as JSON text. */
  const fromBlock = (source: Values): Values =>
    Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, form!.structured.includes(k) ? JSON.stringify(source[k], null, 2) : source[k]]));
  /** The block's editable values as values (what the panel compares and reports). */
  const valuesOf = (source: Values): string => JSON.stringify(Object.fromEntries(keys.map((k) => [k, source[k] ?? null])));
  const [data, setData] = useState<Values>(() => (block ? fromBlock(block) : {}));
  const [broken, setBroken] = useState<Record<string, { line: number; column: number }>>({});
  /** What this panel reported, so the block it gets back is recognised as its own edit. */
  const reported = useRef(new Set<string>(block ? [valuesOf(block)] : []));
  const blockValues = block ? valuesOf(block) : '';
  useEffect(() => {
    if (!block) return;
    if (reported.current.has(blockValues)) return;
    // Changed elsewhere (the JSON editor, a reload): show the block as it is now.
    reported.current = new Set([blockValues]);
    setData(fromBlock(block));
    setBroken({});
  }, [blockValues]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!block || !form) {
    return <p className="studio-hint"><FormattedMessage id="studio.selectBlock" /></p>;
  }
  const uiSchema: UiSchema = {
    'ui:submitButtonOptions': { norender: true },
    ...Object.fromEntries(form.structured.map((k) => [k, { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } }])),
  };
  const change = (next: Values) => {
    setData(next);
    const values: Values = {};
    const errors: Record<string, { line: number; column: number }> = {};
    for (const key of keys) {
      if (!form.structured.includes(key)) {
        values[key] = next[key] === '' ? undefined : next[key];
        continue;
      }
      const read = readStructured(next[key]);
      if ('error' in read) {
        errors[key] = read.error;
        values[key] = block[key]; // kept as it is until the text parses
      } else values[key] = read.value;
    }
    setBroken(errors);
    const json = valuesOf(values);
    if (json === blockValues) return;
    reported.current.add(json);
    onChange(values);
  };
  return (
    <div data-testid="studio-properties">
      <h3 className="studio-subtitle">{String(block.kind)}</h3>
      <Form
        schema={form.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={data}
        validator={serverChecked}
        liveValidate={false}
        showErrorList={false}
        onChange={(event) => change((event.formData ?? {}) as Values)}
      />
      {Object.entries(broken).map(([key, at]) => (
        <p key={key} className="studio-problems" role="alert" data-testid="property-json-error">
          <FormattedMessage id="studio.jsonError" values={{ doc: key, line: at.line, column: at.column }} />
        </p>
      ))}
    </div>
  );
});

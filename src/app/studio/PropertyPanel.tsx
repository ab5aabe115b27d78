/**
 * The property panel: the selected block's properties as a form generated from
 * that block kind's part of the catalogue — the studio is itself schema-driven, rendered by
 * rjsf. Only in-place values (texts, ids, numbers, switches, choices) are offered; nested
 * parts stay in the JSON editor. Validation is the server's (`studio/screens/validate`), so
 * the form runs without a compiling validator (no `eval` under the CSP).
 */
import Form from '@rjsf/core';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { FormattedMessage } from 'react-intl';
import { kindSchema } from './catalogue';

/** rjsf's validator slot: no checks here, the server checks the whole screen. */
const serverChecked: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({ errors: [], validationError: undefined }),
};

/** Props of {@link PropertyPanel}. */
export interface PropertyPanelProps {
  block: Record<string, unknown> | null;
  onChange(values: Record<string, unknown>): void;
}

/** The selected block's editable properties. */
export function PropertyPanel({ block, onChange }: PropertyPanelProps) {
  const schema = block ? kindSchema(String(block.kind)) : null;
  if (!block || !schema) {
    return <p className="studio-hint"><FormattedMessage id="studio.selectBlock" /></p>;
  }
  const data = Object.fromEntries(Object.keys(schema.properties).filter((k) => block[k] !== undefined).map((k) => [k, block[k]]));
  return (
    <div data-testid="studio-properties">
      <h3 className="studio-subtitle">{String(block.kind)}</h3>
      <Form
        schema={schema as RJSFSchema}
        formData={data}
        validator={serverChecked}
        liveValidate={false}
        showErrorList={false}
        uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
        onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      />
    </div>
  );
}

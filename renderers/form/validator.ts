/**
 * The error transformer that shows the same locale texts the server sends
 * (`src/shared/validation.ts`). The validator itself is precompiled on the server
 * (`./precompiled.ts`).
 */
import type { ErrorObject } from 'ajv';
import type { IntlShape } from 'react-intl';
import type { RJSFValidationError } from '@rjsf/utils';
import { isFieldError, toFieldError, type SchemaNode } from '../../src/shared/validation';

/**
 * Builds rjsf's `transformErrors`: ajv's errors → localized texts; `required` errors land on
 * the missing field (rjsf already moves them), one message per field.
 */
export function makeTransformErrors(intl: IntlShape, schema: SchemaNode) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const seen = new Set<string>();
    const result: RJSFValidationError[] = [];
    for (const error of errors.filter((e) => isFieldError(e.name))) {
      const property = String(error.property ?? '').replace(/^\./, '');
      const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
      const parentPath = error.name === 'required' && missing ? property.split('.').slice(0, -1).join('/') : property.split('.').join('/');
      const ajvError = {
        keyword: error.name ?? '',
        params: error.params ?? {},
        instancePath: parentPath ? `/${parentPath}` : '',
        schemaPath: error.schemaPath ?? '',
      } as ErrorObject;
      const field = toFieldError(ajvError, schema);
      if (seen.has(field.field)) continue;
      seen.add(field.field);
      // A root-level error (no field) stays at the root: the error list shows it at the top.
      result.push({ ...error, property: field.field ? `.${field.field}` : '', message: intl.formatMessage({ id: field.messageId }, field.values) });
    }
    return result;
  };
}

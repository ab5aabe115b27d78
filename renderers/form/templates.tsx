/**
 * Nivesh's rjsf templates: a mobile field (label, big touch input, help and one error line),
 * a plain stacked object layout and no top error list. Replaces rjsf's Bootstrap look.
 */
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, children, rawErrors, rawHelp, hidden, displayLabel, schema, uiSchema, formData } = props;
  if (hidden) return <div hidden>{children}</div>;
  // A step the server asks for (`ui:options.revealOnError`): hidden until an answer names the field.
  if (uiSchema?.['ui:options']?.revealOnError && !rawErrors?.length && (formData === undefined || formData === '')) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  const error = rawErrors?.[0];
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-field={id.replace(/^root_/, '')}>
      {displayLabel !== false && label && (
        <label htmlFor={id} className="field-label">
          {label}
          {required ? null : null}
        </label>
      )}
      {children}
      {error ? (
        <p className="field-error" id={`${id}__error`} role="alert">{error}</p>
      ) : (
        rawHelp && <p className="field-help" id={`${id}__help`}>{rawHelp}</p>
      )}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  return <div className="fields">{props.properties.map((property) => property.content)}</div>;
}

/** The template set passed to every form block. */
export const TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: () => null,
};

/**
 * Nivesh's rjsf templates: a mobile field (label with a required marker when the form mixes
 * required and optional fields, description, big touch input, help and one error line), object
 * groups with their heading and description, arrays with labelled icon buttons (add, remove,
 * move up/down, copy), keys of `additionalProperties` that can be renamed and removed, a
 * labelled selector for `oneOf`/`anyOf` alternatives, and the form's root-level errors at the top. Replaces rjsf's Bootstrap look.
 */
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { ArrowDown, ArrowUp, Copy, Plus, Trash2 } from 'lucide-react';
import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  canExpand,
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorListProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import type { FormContext } from './context';
import { SELF_LABELLED_WIDGETS } from '../widgets/deferred';

/** The required marker: visible star, the input itself carries `required`. */
function RequiredMark({ required, context }: { required?: boolean; context?: FormContext }) {
  if (!required || !context?.markRequired) return null;
  return (
    <span className="field-required" aria-hidden="true">
      {' *'}
    </span>
  );
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, children, rawErrors, rawHelp, rawDescription, hidden, displayLabel, schema, uiSchema, formData, registry } = props;
  const context = registry.formContext as FormContext | undefined;
  if (hidden) return <div hidden>{children}</div>;
  // A step the server asks for (`ui:options.revealOnError`): hidden until an answer names the field.
  if (uiSchema?.['ui:options']?.revealOnError && !rawErrors?.length && (formData === undefined || formData === '')) return <div hidden>{children}</div>;
  const additional = ADDITIONAL_PROPERTY_FLAG in schema;
  // Objects and arrays draw their own heading, description and errors (their templates); an
  // array with a `ui:widget` (checkboxes, a multiple select, a symbol list) is one field.
  const group = schema.type === 'object' || (schema.type === 'array' && !uiSchema?.['ui:widget']);
  // A boolean's checkbox (rjsf's default widget for it) labels itself beside the box.
  const selfLabelled = schema.type === 'boolean' && SELF_LABELLED_WIDGETS.has(String(uiSchema?.['ui:widget'] ?? 'checkbox'));
  const content = group ? (
    children
  ) : (
    <FieldBody id={id} label={label} required={required} displayLabel={displayLabel} widgetLabels={selfLabelled} rawErrors={rawErrors} rawHelp={rawHelp} rawDescription={rawDescription} context={context}>
      {children}
    </FieldBody>
  );
  if (!additional) return content;
  return <AdditionalProperty {...props}>{content}</AdditionalProperty>;
}

/** One field: label, description, the widget, its error or help. `widgetLabels`: the widget draws the label itself (beside the input). */
function FieldBody({ id, label, required, displayLabel, widgetLabels, rawErrors, rawHelp, rawDescription, context, children }: Pick<FieldTemplateProps, 'id' | 'label' | 'required' | 'displayLabel' | 'rawErrors' | 'rawHelp' | 'rawDescription' | 'children'> & { context?: FormContext; widgetLabels?: boolean }) {
  const error = rawErrors?.[0];
  const description = rawDescription ? (
    <p className="field-description" id={`${id}__description`}>
      {rawDescription}
    </p>
  ) : null;
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-field={id.replace(/^root_?/, '')}>
      {displayLabel !== false && !widgetLabels && label && (
        <label htmlFor={id} className="field-label">
          {label}
          <RequiredMark required={required} context={context} />
        </label>
      )}
      {displayLabel !== false && !widgetLabels && description}
      {children}
      {/* A checkbox or switch labels itself; its description follows the row, as @rjsf/core's own checkbox shows it. */}
      {widgetLabels && description}
      {error ? (
        <p className="field-error" id={`${id}__error`} role="alert">
          {error}
        </p>
      ) : (
        rawHelp && (
          <p className="field-help" id={`${id}__help`}>
            {rawHelp}
          </p>
        )
      )}
    </div>
  );
}

/** A key of `additionalProperties`: its name (renamed on blur), its value and a remove button. */
function AdditionalProperty(props: FieldTemplateProps & { children: React.ReactNode }) {
  const { id, label, onKeyRenameBlur, onRemoveProperty, disabled, readonly, children } = props;
  const intl = useIntl();
  return (
    <div className="additional-property" data-field-key={label}>
      <div className="field">
        <label htmlFor={`${id}-key`} className="field-label">
          {intl.formatMessage({ id: 'form.key' })}
        </label>
        <input key={label} id={`${id}-key`} className="input" type="text" defaultValue={label} disabled={disabled || readonly} onBlur={onKeyRenameBlur} />
      </div>
      <div className="additional-value">{children}</div>
      <IconButton icon="remove" label={intl.formatMessage({ id: 'form.removeKey' }, { key: label })} id={`${id}-remove`} onClick={onRemoveProperty} disabled={disabled || readonly} />
    </div>
  );
}

function GroupHeading({ id, title, description, required, context, root }: { id: string; title?: string; description?: React.ReactNode; required?: boolean; context?: FormContext; root: boolean }) {
  return (
    <>
      {title && (
        root ? (
          <h3 className="group-title" id={`${id}__title`}>
            {title}
          </h3>
        ) : (
          <legend className="group-title" id={`${id}__title`}>
            {title}
            <RequiredMark required={required} context={context} />
          </legend>
        )
      )}
      {description && (
        <p className="group-description" id={`${id}__description`}>
          {description}
        </p>
      )}
    </>
  );
}

/**
 * What an object or array group shows above its fields: its heading and description (a
 * `ui:title` / `ui:description` over the schema's), its element id, whether it is the form's
 * root, and the form's context.
 */
function groupHead(props: Pick<ObjectFieldTemplateProps, 'title' | 'uiSchema' | 'fieldPathId' | 'registry'>, description: ObjectFieldTemplateProps['description']) {
  const options = getUiOptions(props.uiSchema);
  const id = props.fieldPathId.$id;
  return {
    id,
    root: id === props.registry.globalFormOptions.idPrefix,
    heading: (options.title as string | undefined) ?? props.title,
    text: (options.description as string | undefined) ?? description,
    context: props.registry.formContext as FormContext | undefined,
  };
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, required, schema, uiSchema, formData, fieldPathId, onAddProperty, disabled, readonly } = props;
  const intl = useIntl();
  const { id, root, heading, text, context } = groupHead(props, props.description);
  // A pure `oneOf`/`anyOf` object: the selector and the chosen branch render themselves.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const fields = (
    <div className="fields">
      {properties.filter((property) => !property.hidden).map((property) => property.content)}
      {properties.filter((property) => property.hidden).map((property) => property.content)}
      {canExpand(schema, uiSchema, formData) && (
        <button type="button" className="btn btn-secondary btn-small form-add" id={buttonId(fieldPathId, 'add')} disabled={disabled || readonly} onClick={onAddProperty}>
          <Plus size={18} aria-hidden="true" />
          {intl.formatMessage({ id: 'form.addKey' })}
        </button>
      )}
    </div>
  );
  if (root) {
    if (!heading && !text) return fields;
    return (
      <div className="form-root" id={id}>
        <GroupHeading id={id} title={heading} description={text} root />
        {fields}
      </div>
    );
  }
  return (
    <fieldset className="form-group" id={id} data-field={id.replace(/^root_?/, '')} aria-describedby={text ? `${id}__description` : undefined}>
      <GroupHeading id={id} title={heading} description={text} required={required} context={context} root={false} />
      {fields}
    </fieldset>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { schema, items, canAdd, onAddClick, disabled, readonly, required, fieldPathId, rawErrors } = props;
  const intl = useIntl();
  const { id, root, heading, text: description, context } = groupHead(props, schema.description);
  const error = rawErrors?.[0];
  return (
    <fieldset className={`form-group form-array${error ? ' has-error' : ''}`} id={id} data-field={id.replace(/^root_?/, '')}>
      <GroupHeading id={id} title={heading} description={description} required={required} context={context} root={root && false} />
      {items.length === 0 && <p className="field-help">{intl.formatMessage({ id: 'form.emptyArray' })}</p>}
      <div className="array-items">{items}</div>
      {error && (
        <p className="field-error" id={`${id}__error`} role="alert">
          {error}
        </p>
      )}
      {canAdd && (
        <button type="button" className="btn btn-secondary btn-small form-add" id={buttonId(fieldPathId, 'add')} disabled={disabled || readonly} onClick={onAddClick}>
          <Plus size={18} aria-hidden="true" />
          {intl.formatMessage({ id: 'form.addItem' })}
        </button>
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index } = props;
  const intl = useIntl();
  const { hasMoveUp, hasMoveDown, hasCopy, hasRemove, onMoveUpItem, onMoveDownItem, onCopyItem, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;
  const n = index + 1;
  const off = disabled || readonly;
  return (
    <div className="array-item">
      <div className="array-item-body">{children}</div>
      {hasToolbar && (
        <div className="array-item-toolbar" role="group" aria-label={intl.formatMessage({ id: 'form.itemActions' }, { n })}>
          {(hasMoveUp || hasMoveDown) && <IconButton icon="up" id={buttonId(fieldPathId, 'moveUp')} label={intl.formatMessage({ id: 'form.moveUp' }, { n })} disabled={off || !hasMoveUp} onClick={onMoveUpItem} />}
          {(hasMoveUp || hasMoveDown) && <IconButton icon="down" id={buttonId(fieldPathId, 'moveDown')} label={intl.formatMessage({ id: 'form.moveDown' }, { n })} disabled={off || !hasMoveDown} onClick={onMoveDownItem} />}
          {hasCopy && <IconButton icon="copy" id={buttonId(fieldPathId, 'copy')} label={intl.formatMessage({ id: 'form.copy' }, { n })} disabled={off} onClick={onCopyItem} />}
          {hasRemove && <IconButton icon="remove" id={buttonId(fieldPathId, 'remove')} label={intl.formatMessage({ id: 'form.remove' }, { n })} disabled={off} onClick={onRemoveItem} />}
        </div>
      )}
    </div>
  );
}

const ICONS = { up: ArrowUp, down: ArrowDown, copy: Copy, remove: Trash2, add: Plus } as const;

/** A square icon button with an accessible name. */
function IconButton({ icon, label, id, disabled, onClick }: { icon: keyof typeof ICONS; label: string; id?: string; disabled?: boolean; onClick?: (event: React.MouseEvent<HTMLButtonElement>) => void }) {
  const Icon = ICONS[icon];
  return (
    <button type="button" id={id} className={`icon-btn${icon === 'remove' ? ' icon-btn-danger' : ''}`} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <Icon size={18} aria-hidden="true" />
    </button>
  );
}

/** rjsf's button templates for the places our templates do not draw (e.g. a custom field's add). */
function makeButton(icon: keyof typeof ICONS, messageId: string) {
  return function Button(props: IconButtonProps) {
    const intl = useIntl();
    return <IconButton icon={icon} id={props.id} label={intl.formatMessage({ id: messageId }, { n: '' })} disabled={props.disabled} onClick={props.onClick} />;
  };
}

/**
 * The form's own errors (not of a field: `anyOf` at the root, a root-level `required`). A root
 * that is an array or a single value shows its errors on its own field instead.
 */
function ErrorListTemplate({ errorSchema, schema }: ErrorListProps) {
  if (schema.type !== undefined && schema.type !== 'object') return null;
  const root = (errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];
  if (!root.length) return null;
  return (
    <div className="form-errors" role="alert" data-testid="form-errors">
      {root.map((error) => (
        <p key={error} className="field-error">
          {error}
        </p>
      ))}
    </div>
  );
}

/**
 * A `oneOf`/`anyOf` field: the selector of the alternative, labelled "Choose one" (the group's
 * heading above names the field), then the chosen alternative's fields.
 */
function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  const intl = useIntl();
  const id = (selector as ReactElement<{ id?: string }> | undefined)?.props.id;
  return (
    <div className="form-alternatives">
      {selector && (
        <div className="field">
          <label htmlFor={id} className="field-label">
            {intl.formatMessage({ id: 'form.chooseOption' })}
          </label>
          {selector}
        </div>
      )}
      {optionSchemaField}
    </div>
  );
}

/** The template set passed to every form block. */
export const TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate,
  MultiSchemaFieldTemplate,
  ButtonTemplates: {
    AddButton: makeButton('add', 'form.addItem'),
    CopyButton: makeButton('copy', 'form.copy'),
    MoveDownButton: makeButton('down', 'form.moveDown'),
    MoveUpButton: makeButton('up', 'form.moveUp'),
    RemoveButton: makeButton('remove', 'form.remove'),
    SubmitButton: () => null,
  } as unknown as TemplatesType['ButtonTemplates'],
};

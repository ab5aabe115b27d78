/**
 * The form block: renders a screen's data schema with rjsf (our templates and widgets),
 * validates in the browser with the same schema the server uses, submits to the layout's
 * call and runs its `onSuccess` actions. Server field errors land on their fields. With
 * `disabledWhen` the form is shown disabled while a loaded field has one of the values (a closed
 * money window). A number of the layout's `initial` outside its field's `minimum`/`maximum`
 * starts at that bound.
 * Loaded lazily: rjsf and ajv ship only with screens that have a form.
 */
import { useContext, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import { englishStringTranslator, TranslatableString, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { BlockProps } from '../../types';
import { ScreenInfoContext, drafts } from '../../scope';
import { useRunActions } from '../../actions';
import { useCommand } from '../../ui/CommandConfirm';
import { bindTemplate, readPath, useCallData, useQueryObject } from '../../data';
import { useRenderer } from '../../registry-context';
import { TEMPLATES } from '../../form/templates';
import { makeTransformErrors } from '../../form/validator';
import { useFormValidator } from '../../form/precompiled';
import { initialWithinBounds } from '../../form/initial-bounds';
import { ErrorState } from '../../ui/ErrorState';
import { localizeSchema, localizeUi } from '../../form/localize';
import type { FormContext } from '../../form/context';
import { LinkButton } from '../../ui/LinkButton';
import { Skeleton } from '../../ui/Skeleton';
import type { SchemaNode } from '../../../src/shared/validation';
import type { FormBlockSpec } from './spec';

/** The call a data-capture form of a screen made in the studio submits to, as `{formId, data}`. */
const FORMS_SUBMIT = 'forms/submit';

/** The form's data: an object for every shipped form; any JSON value for a non-object root. */
type Data = Record<string, unknown>;

/**
 * Points unknown `ui:widget` names (at any depth: nested objects, `items`) at the visible
 * fallback widget, and lets a `ui:order` that omits a property still render (rjsf refuses the
 * whole form otherwise).
 */
function guardWidgets(ui: Record<string, unknown>, widgets: object): Record<string, unknown> {
  const order = ui['ui:order'];
  if (Array.isArray(order) && !order.includes('*')) ui = { ...ui, 'ui:order': [...order, '*'] };
  const widget = ui['ui:widget'];
  if (typeof widget === 'string' && !(widget in widgets)) {
    ui = { ...ui, 'ui:widget': 'unknown', 'ui:options': { ...((ui['ui:options'] as object) ?? {}), requestedWidget: widget } };
  }
  return Object.fromEntries(
    Object.entries(ui).map(([key, value]) => {
      if (key.startsWith('ui:') || !value || typeof value !== 'object' || Array.isArray(value)) return [key, value];
      return [key, guardWidgets(value as Record<string, unknown>, widgets)];
    }),
  );
}

/**
 * Whether a form shows both required and optional fields (at any depth of `properties`): only
 * then do required fields carry a marker. Hidden fields and steps shown on request
 * (`revealOnError`) do not count.
 */
function mixesRequired(schema: SchemaNode, ui: Record<string, unknown>): boolean {
  let required = false;
  let optional = false;
  const walk = (node: SchemaNode | undefined, nodeUi: Record<string, unknown> | undefined, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 8) return;
    for (const name of Object.keys(node.properties ?? {})) {
      const fieldUi = nodeUi?.[name] as Record<string, unknown> | undefined;
      const options = fieldUi?.['ui:options'] as Record<string, unknown> | undefined;
      if (fieldUi?.['ui:widget'] === 'hidden' || options?.revealOnError) continue;
      if (node.required?.includes(name)) required = true;
      else optional = true;
      walk(node.properties![name], fieldUi, depth + 1);
    }
  };
  walk(schema, ui, 0);
  return required && optional;
}

/** rjsf's own strings (buttons, Yes/No, "Option 1", a key's label) from the catalogue (`rjsf.<name>`). */
function makeTranslateString(intl: IntlShape) {
  const names = Object.fromEntries(Object.entries(TranslatableString).map(([name, value]) => [value, name]));
  return (key: TranslatableString, params?: string[]) => {
    const id = `rjsf.${names[key] ?? ''}`;
    if (intl.messages[id] === undefined) return englishStringTranslator(key, params);
    return intl.formatMessage({ id }, Object.fromEntries((params ?? []).map((p, i) => [`p${i + 1}`, p])));
  };
}

export default function FormBlock({ spec, schemas }: BlockProps<FormBlockSpec>) {
  const intl = useIntl();
  const { widgets } = useRenderer();
  const run = useRunActions();
  const command = useCommand();
  const initial = useCallData<Data>(spec.load);
  const disabling = useCallData<Data>(spec.disabledWhen ?? null);
  const disabled = spec.disabledWhen !== undefined && disabling.data !== undefined && spec.disabledWhen.in.includes(readPath(disabling.data, spec.disabledWhen.field) as never);
  const rawSchema = schemas[spec.schema] as SchemaNode;
  const schema = useMemo(() => localizeSchema(rawSchema, intl) as RJSFSchema, [rawSchema, intl]);
  const baseUi = useMemo(() => ({ ...localizeUi(guardWidgets(spec.ui ?? {}, widgets), intl), 'ui:submitButtonOptions': { norender: true } }) as UiSchema, [spec.ui, intl, widgets]);
  const transformErrors = useMemo(() => makeTransformErrors(intl, rawSchema), [intl, rawSchema]);
  const { validator, error: validatorError, retry: retryValidator } = useFormValidator(spec.schema, rawSchema, schema);
  const objectRoot = rawSchema.type === 'object' || (rawSchema.type === undefined && rawSchema.properties !== undefined);
  const markRequired = useMemo(() => mixesRequired(rawSchema, spec.ui ?? {}), [rawSchema, spec.ui]);
  const translateString = useMemo(() => makeTranslateString(intl), [intl]);

  const [formData, setFormData] = useState<Data | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The synchronous guard: state updates land only on the next render, so two submit events
  // of one tap (or of a fast double tap) would both pass a check of `busy`.
  const inFlight = useRef(false);
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<Form>(null);
  const dataRef = useRef<Data>({});

  const screen = useContext(ScreenInfoContext);
  const draftKey = screen.keepAlive ? drafts.key(screen.id, spec.id ?? spec.schema) : null;
  const [draft] = useState(() => (draftKey ? drafts.read(draftKey) : null));
  const query = useQueryObject();
  // A layout's initial number outside the served schema's bounds (a minimum raised in the
  // studio) starts at the bound, so the form opens with a value the server takes.
  const initialValues = useMemo(() => initialWithinBounds(bindTemplate(spec.initial ?? {}, { query }) as Data, rawSchema), [spec.initial, query, rawSchema]);
  const loaded = !objectRoot ? (spec.initial as Data | undefined) : { ...initialValues, ...(spec.load ? pick(readPath(initial.data, spec.load.from ?? '') as Data | undefined, spec.load.pick) : {}), ...(draft ?? {}) };
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const current = formData ?? loaded;
  dataRef.current = current as Data;
  // `ui:when`: a field shows only while another field has one of the values.
  const hiddenFields = conditionallyHidden(spec.ui ?? {}, current as Data);
  const hiddenKey = hiddenFields.join(',');
  const uiSchema = useMemo(
    () => (hiddenKey ? { ...baseUi, ...Object.fromEntries(hiddenKey.split(',').map((f) => [f, { ...(baseUi[f] as object), 'ui:widget': 'hidden' }])) } : baseUi) as UiSchema,
    [baseUi, hiddenKey],
  );

  const listeners = useRef(new Set<() => void>());
  const formContext = useMemo<FormContext>(
    () => ({
      getFormData: () => dataRef.current,
      // One submit event: rjsf's own `submit()` dispatches a synthetic one and then calls
      // `requestSubmit()`, which would run `onSubmit` twice.
      submit: () => formRef.current?.formElement.current?.requestSubmit(),
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      markRequired,
    }),
    [markRequired],
  );

  if (validatorError) return <ErrorState messageId="common.networkError" onRetry={retryValidator} />;
  if ((spec.load && initial.isLoading) || !validator) return <Skeleton rows={4} />;

  const onSubmit = async (data: Data) => {
    if (inFlight.current || disabled) return;
    inFlight.current = true;
    setBusy(true);
    setExtraErrors(undefined);
    try {
      const body = objectRoot ? stripEmpty(withoutFields(data, conditionallyHidden(spec.ui ?? {}, data))) : data;
      let idempotencyKey: string | undefined;
      if (spec.submit.idempotent) {
        // A repeat of the same data (a retry after a network error, a submit after the
        // confirmation was cancelled) reuses the key: it moves money once.
        const json = JSON.stringify(body);
        if (idempotency.current?.body !== json) idempotency.current = { body: json, key: crypto.randomUUID() };
        idempotencyKey = idempotency.current.key;
      }
      // A data-capture form (a screen made in the studio) names itself: the server checks the
      // data with that form's published schema.
      const payload = spec.submit.call === FORMS_SUBMIT ? { formId: spec.schema, data: body } : body;
      const response = await command(spec.submit.call, payload, { idempotencyKey });
      idempotency.current = null;
      if (draftKey) drafts.clear(draftKey);
      await run(spec.submit.onSuccess, {
        response,
        resetForm: () => {
          setFormData({});
          setSubmitted(false);
          setGeneration((g) => g + 1);
        },
      });
    } catch (error) {
      const fields = (error as { data?: { errors?: Array<{ field: string; message: string }> } }).data?.errors;
      if (fields?.length) setExtraErrors(Object.fromEntries(fields.map((f) => [f.field, { __errors: [f.message] }])) as ErrorSchema);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="form-block card" data-testid={`form-${spec.id ?? spec.schema}`} data-disabled={disabled || undefined}>
      {spec.title && <h2 className="section-title inside"><FormattedMessage id={spec.title} /></h2>}
      <Form
        key={generation}
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        formData={current}
        validator={validator}
        disabled={disabled}
        templates={TEMPLATES}
        widgets={widgets}
        formContext={formContext}
        transformErrors={transformErrors}
        translateString={translateString}
        extraErrors={extraErrors}
        noHtml5Validate
        showErrorList="top"
        liveValidate={submitted ? 'onChange' : undefined}
        focusOnFirstError
        onChange={(event) => {
          dataRef.current = event.formData as Data;
          setFormData(event.formData as Data);
          if (draftKey) drafts.write(draftKey, event.formData as Data);
          listeners.current.forEach((listener) => listener());
        }}
        onError={() => setSubmitted(true)}
        onSubmit={(event) => {
          setSubmitted(true);
          void onSubmit(event.formData as Data);
        }}
      >
        <button type="submit" className="btn btn-primary" disabled={busy || disabled} aria-busy={busy} data-testid="submit">
          {busy && <span className="spinner" aria-hidden="true" />}
          <FormattedMessage id={spec.submit.label} />
        </button>
      </Form>
      {spec.links && (
        <div className="form-links">
          {spec.links.map((link) => <LinkButton key={link.label} link={link} />)}
        </div>
      )}
    </section>
  );
}

/** Copies only the listed fields of loaded data into the form. */
function pick(data: Data | undefined, fields: string[] | undefined): Data {
  if (!data) return {};
  if (!fields) return data;
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
}

/** The fields whose `ui:when` does not hold for the data. */
function conditionallyHidden(ui: Record<string, unknown>, data: Data | undefined): string[] {
  return Object.entries(ui)
    .filter(([key, value]) => !key.startsWith('ui:') && value && typeof value === 'object' && 'ui:when' in value)
    .filter(([, value]) => {
      const when = (value as { 'ui:when': { field: string; in: unknown[] } })['ui:when'];
      return !when.in.includes((data ?? {})[when.field] as never);
    })
    .map(([key]) => key);
}

/** The data without the given fields. */
function withoutFields(data: Data, fields: string[]): Data {
  return fields.length ? Object.fromEntries(Object.entries(data ?? {}).filter(([k]) => !fields.includes(k))) : data;
}

/** Drops undefined values so the body holds only what the user entered. */
function stripEmpty(data: Data): Data {
  return Object.fromEntries(Object.entries(data ?? {}).filter(([, v]) => v !== undefined));
}

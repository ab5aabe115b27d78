/**
 * Generates QA cases from a screen's data — its layout and the schemas its forms name — at run
 * time: nothing generated is committed, so a schema edit changes the cases at once.
 *
 * Per form block:
 * - `empty`: submitting the untouched form shows each required field's message
 *   ('Cannot be Empty' in the case's language);
 * - `invalid <field> <constraint>`: one value per constraint (pattern, format, min/max length,
 *   minimum/maximum, x-sameAs, x-checksum) shows that field's own message;
 * - `valid`: a valid value set sends the submit call with a body that validates against the
 *   schema, then the success actions show (toast, url).
 */
import type { SchemaNode } from '../../src/shared/validation';
import { CONSTRAINTS, invalidValue, validValues, type Constraint } from './values';
import { expectedFieldMessage, formsOf, type FormData, type LayoutData } from './schemas';
import type { CaseLang, CaseRole, CaseStep, QaCase } from './types';

/** A generated case plus what the runner needs to prepare. */
export interface GeneratedCase extends QaCase {
  /** Calls the runner answers itself with `{code: 200}` (the valid submit: nothing is stored). */
  intercept?: string[];
  /** The `ui:widget` of every field the case fills, in step order (the field under test last). */
  widgets: string[];
}

/** Why a field constraint has no generated case (shown in the report). */
export interface SkippedCheck {
  form: string;
  field: string;
  constraint: string;
  reason: string;
}

/** Widgets whose input cannot hold every value (they refuse keystrokes or clamp). */
const WIDGET_LIMITS: Record<string, Constraint[]> = {
  // These inputs carry `maxlength`: the browser never lets a longer value in.
  text: ['maxLength'], email: ['maxLength'], password: ['maxLength'], newPassword: ['maxLength'], number: ['maxLength'], tel: ['maxLength'], oneTimeCode: ['maxLength'],
  // Only digits with at most 2 decimals can be typed.
  money: ['multipleOf', 'pattern'],
  // Clamps to its bounds.
  stepper: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  // Values are picked, never typed.
  photo: [...CONSTRAINTS], choice: [...CONSTRAINTS], duration: [...CONSTRAINTS], bankAccount: [...CONSTRAINTS], hidden: [...CONSTRAINTS],
  // The code field keeps digits only.
  captcha: ['maxLength'],
  // The text area carries `maxlength` too.
  textarea: ['maxLength'],
  // rjsf's standard widgets: values are picked or bounded by the native input; their per-keyword
  // messages are checked by the catalogue in jsdom (tests/forms/catalogue.test.tsx).
  select: [...CONSTRAINTS], radio: [...CONSTRAINTS], checkbox: [...CONSTRAINTS], checkboxes: [...CONSTRAINTS], range: [...CONSTRAINTS],
  updown: [...CONSTRAINTS], date: [...CONSTRAINTS], time: [...CONSTRAINTS], datetime: [...CONSTRAINTS], url: [...CONSTRAINTS],
};

/** What a widget's input lets through (others take any text). */
const WIDGET_ACCEPTS: Record<string, (value: unknown) => boolean> = {
  captcha: (value) => /^\d+$/.test(String(value)),
  money: (value) => typeof value === 'number' && value >= 0,
};

/** Fields a widget needs filled before it works (the code widget mails to the form's email). */
function prerequisites(form: FormData, field: string): string[] {
  const ui = (form.block.ui?.[field] ?? {}) as { 'ui:options'?: { emailField?: string } };
  return widgetOf(form, field) === 'captcha' ? [ui['ui:options']?.emailField ?? 'email'] : [];
}

/** The `ui:widget` of a field (`text` for strings without one, `money` hints kept). */
export function widgetOf(form: FormData, field: string): string {
  const ui = (form.block.ui?.[field] ?? {}) as Record<string, unknown>;
  if (typeof ui['ui:widget'] === 'string') return ui['ui:widget'];
  const node = form.schema.properties?.[field];
  if (node && Array.isArray((node as SchemaNode).enum)) return 'choice';
  return 'text';
}

/** Fields a user sees in the form (not hidden, not preset by `initial`). */
function visibleFields(form: FormData): string[] {
  // A field with `revealOnError` (the staff login's code) is shown only when the server asks for it.
  const revealed = (field: string) => (form.block.ui?.[field] as { 'ui:options'?: { revealOnError?: boolean } } | undefined)?.['ui:options']?.revealOnError === true;
  return Object.keys(form.schema.properties ?? {}).filter((field) => widgetOf(form, field) !== 'hidden' && form.block.initial?.[field] === undefined && !revealed(field));
}

/** Steps that check a form's success actions after a valid submit. */
function successSteps(form: FormData): CaseStep[] {
  const steps: CaseStep[] = [];
  for (const action of form.block.submit?.onSuccess ?? []) {
    if (typeof action.toast === 'string') steps.push({ expectToast: action.toast });
    const to = (action.replace ?? action.navigate) as string | undefined;
    if (typeof to === 'string' && !to.includes('{')) steps.push({ expectUrl: to.split('?')[0]! });
  }
  return steps;
}

/** Why generation skips a whole form, or undefined when it runs. */
export function formSkipReason(form: FormData): string | undefined {
  if (!form.block.submit) return 'no submit';
  if (form.block.load) return 'loads its data first (covered by case files)';
  const when = form.block.when as { call?: string; field?: string; in?: unknown[] } | undefined;
  if (when && !(Array.isArray(when.in) && when.in.includes('none'))) return `shows only in a later state (when ${JSON.stringify(when)})`;
  return undefined;
}

/**
 * The generated cases of one screen.
 * @param route the route the screen is served at.
 * @param as who opens it (visitor for public routes).
 */
export function generateScreenCases(layout: LayoutData, route: string, as: CaseRole, lang: CaseLang = 'en'): { cases: GeneratedCase[]; skipped: SkippedCheck[] } {
  const cases: GeneratedCase[] = [];
  const skipped: SkippedCheck[] = [];
  for (const form of formsOf(layout)) {
    const reason = formSkipReason(form);
    if (reason) {
      skipped.push({ form: form.formId, field: '*', constraint: '*', reason });
      continue;
    }
    const name = form.block.schema!;
    const preset = (form.block.initial ?? {}) as Record<string, unknown>;
    const base = { route, as, lang, given: { bank: true } } as const;
    const fields = visibleFields(form);

    // 1. Empty submit: each required field's own message.
    const emptyErrors: CaseStep[] = [];
    for (const field of fields) {
      if (!(form.schema.required ?? []).includes(field)) continue;
      if (['bankAccount', 'choice', 'duration'].includes(widgetOf(form, field))) continue; // these preselect
      const expected = expectedFieldMessage(name, preset, field);
      if (expected) emptyErrors.push({ expectFieldError: { form: form.formId, field, message: expected.messageId, values: expected.values } });
    }
    if (emptyErrors.length) cases.push({ ...base, name: `${form.formId}: submitting empty shows each required field's message`, steps: [{ submit: form.formId }, ...emptyErrors], widgets: [] });

    // 2. One invalid value per constraint.
    const valid = validValues(name, form.schema, preset);
    for (const field of fields) {
      const widget = widgetOf(form, field);
      for (const keyword of CONSTRAINTS) {
        const node = form.schema.properties?.[field] as SchemaNode | undefined;
        if (!node || node[keyword] === undefined) continue;
        if (keyword === 'minLength' && (node.minLength as number) <= 1) continue;
        if (keyword === 'format' && node.format !== 'email') continue;
        if (WIDGET_LIMITS[widget]?.includes(keyword)) {
          skipped.push({ form: form.formId, field, constraint: keyword, reason: `the ${widget} widget cannot hold such a value` });
          continue;
        }
        if (keyword === 'maxLength' && (node.maxLength as number) > 2000) {
          skipped.push({ form: form.formId, field, constraint: keyword, reason: 'too long to type in a case' });
          continue;
        }
        const bad = invalidValue(name, form.schema, field, keyword, valid, WIDGET_ACCEPTS[widget]);
        if (bad === undefined) {
          skipped.push({ form: form.formId, field, constraint: keyword, reason: 'no value isolates this constraint' });
          continue;
        }
        const data = { ...valid, [field]: bad };
        const expected = expectedFieldMessage(name, data, field)!;
        const steps: CaseStep[] = [];
        for (const before of prerequisites(form, field)) steps.push({ fill: { form: form.formId, field: before, value: valid[before] as string } });
        if (keyword === 'x-sameAs') steps.push({ fill: { form: form.formId, field: String(node['x-sameAs']), value: valid[String(node['x-sameAs'])] as string } });
        steps.push({ fill: { form: form.formId, field, value: bad as string | number } });
        steps.push({ submit: form.formId });
        steps.push({ expectFieldError: { form: form.formId, field, message: expected.messageId, values: expected.values } });
        cases.push({ ...base, name: `${form.formId}: ${field} ${keyword} shows its message`, steps, widgets: filledWidgets(form, steps) });
      }
    }

    // 3. A valid set sends the call with a schema-valid body and runs the success actions.
    const fills: CaseStep[] = fields
      .filter((field) => valid[field] !== undefined && widgetOf(form, field) !== 'captcha')
      .map((field) => ({ fill: { form: form.formId, field, value: valid[field] as string | number | boolean } }));
    // The code widget submits the form itself when its dialog is confirmed: fill it last.
    const captcha = fields.filter((field) => widgetOf(form, field) === 'captcha' && valid[field] !== undefined);
    const validSteps: CaseStep[] = [
      ...fills,
      ...captcha.map((field): CaseStep => ({ fill: { form: form.formId, field, value: valid[field] as string } })),
      ...(captcha.length ? [] : [{ submit: form.formId } as CaseStep]),
      { expectCall: { name: form.block.submit!.call, schema: name } },
      ...successSteps(form),
    ];
    cases.push({
      ...base,
      name: `${form.formId}: a valid value set sends ${form.block.submit!.call} and runs the success actions`,
      intercept: [form.block.submit!.call],
      steps: validSteps,
      widgets: filledWidgets(form, validSteps),
    });
  }
  return { cases, skipped };
}

/** The widgets a case's `fill` steps type into, in step order. */
function filledWidgets(form: FormData, steps: CaseStep[]): string[] {
  return steps.flatMap((step) => ('fill' in step ? [widgetOf(form, step.fill.field)] : []));
}

/** A generated case with where it runs. */
export interface PlacedCase {
  route: string;
  qaCase: GeneratedCase;
}

/**
 * The Chromium smoke set: the names of the cases that also run in a real browser, out of every
 * generated form case (all of which run in jsdom). One case per widget kind — the first case,
 * in route order, whose field under test uses that widget, else the first that fills it at all
 * — plus the first empty submit, so every widget is typed into, picked or uploaded to in
 * Chromium at least once. Widgets that are never filled (`hidden`, preselected choices) are
 * seen in the route checks' screenshots.
 */
export function smokeCaseNames(all: PlacedCase[]): Set<string> {
  const names = new Set<string>();
  const key = (placed: PlacedCase) => `${placed.route} ${placed.qaCase.name}`;
  const kinds = [...new Set(all.flatMap((placed) => placed.qaCase.widgets))].sort();
  for (const kind of kinds) {
    const chosen = all.find((placed) => placed.qaCase.widgets.at(-1) === kind) ?? all.find((placed) => placed.qaCase.widgets.includes(kind));
    if (chosen) names.add(key(chosen));
  }
  const empty = all.find((placed) => placed.qaCase.widgets.length === 0);
  if (empty) names.add(key(empty));
  return names;
}

/** Whether a placed case is in the smoke set {@link smokeCaseNames} returned. */
export const inSmokeSet = (smoke: Set<string>, route: string, caseName: string): boolean => smoke.has(`${route} ${caseName}`);

/**
 * What a layout may make its viewer do, checked against the call registry and the screen's
 * policy (policy.ts). Every `call` a layout names sits in one of two kinds of positions:
 *
 * - a tap position — a form's `submit`, a detail block's `actions`, a list's `itemActions`,
 *   a quote's `favourite.add`/`del`, and the `call` action of an action list (run from a tap
 *   or after a tapped call succeeded);
 * - a load position — everything else (`load`, `when`, a widget's option calls, figures,
 *   charts, search): it runs when the screen opens, polls or reloads.
 *
 * Rules: a load position names only queries; a tap position names a command only from the
 * screen's allow-list; a form submitting a command submits to a call bound to its schema (its
 * contract), and a form whose schema has a contract submits to no other call; an investor or
 * public screen names no operator or editor call; a contract's `x-keepOnSuccess` steps stay
 * in the form's `submit.onSuccess`, in order.
 */
import type { CallInfo } from '../../shared/calls.js';
import { FORMS_SUBMIT, audienceMayName, isCreatedScreen, screenPolicy } from './policy.js';
import type { LintProblem } from './lint.js';

/** What the effect rules read besides the layout. */
export interface EffectsContext {
  /** A registered call's declaration; undefined for an unknown name (reported elsewhere). */
  callInfo(name: string): CallInfo | undefined;
  /** The code-owned contract of a screen schema (`contracts/<name>`), or null. */
  contractOf(schema: string): Record<string, unknown> | null;
}

/** One action step a contract requires: any of these action names. */
type KeepStep = string | string[];

interface Position {
  call: string;
  pointer: string;
  tap: boolean;
}

const TAP_PARENTS = new Set(['submit', 'add', 'del']);
const TAP_LISTS = new Set(['actions', 'itemActions']);

/** Every call a layout names, with its pointer and whether it runs from a tap. */
export function callPositions(layout: unknown): Position[] {
  const found: Position[] = [];
  const visit = (node: unknown, pointer: string, keys: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${pointer}/${index}`, [...keys, String(index)]));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const child = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'call' && typeof value === 'string') {
        const parent = keys[keys.length - 1] ?? '';
        const grand = keys[keys.length - 2] ?? '';
        const tap = TAP_PARENTS.has(parent) && (parent === 'submit' || grand === 'favourite') ? true : /^\d+$/.test(parent) && TAP_LISTS.has(grand);
        found.push({ call: value, pointer: child, tap });
      } else if (key === 'call' && value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
        // The `call` action of an action list: run from a tap, or after a tapped call succeeded.
        found.push({ call: (value as { name: string }).name, pointer: `${child}/name`, tap: true });
      }
      visit(value, child, [...keys, key]);
    }
  };
  visit(layout, '', []);
  return found;
}

/** Every form block of a layout (nested ones included) with its pointer. */
function forms(layout: unknown): Array<{ form: Record<string, unknown>; pointer: string }> {
  const found: Array<{ form: Record<string, unknown>; pointer: string }> = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${pointer}/${index}`));
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.kind === 'form' && typeof record.schema === 'string') found.push({ form: record, pointer });
      for (const [key, value] of Object.entries(record)) visit(value, `${pointer}/${key}`);
    }
  };
  visit(layout, '');
  return found;
}

/** Whether `actions` hold `steps` in order (each step: one of its action names). */
function keepsSteps(actions: unknown, steps: KeepStep[]): boolean {
  const names = Array.isArray(actions) ? actions.map((a) => (a && typeof a === 'object' ? Object.keys(a)[0] : undefined)) : [];
  let at = 0;
  for (const step of steps) {
    const options = Array.isArray(step) ? step : [step];
    while (at < names.length && !options.includes(names[at] ?? '')) at += 1;
    if (at === names.length) return false;
    at += 1;
  }
  return true;
}

/**
 * Checks one screen's layout against its policy and the calls' declarations.
 * @param file path shown in problems (`screens/<id>.layout.json`).
 * @param id the screen id (its policy's key).
 */
export function lintEffects(file: string, id: string, layout: unknown, ctx: EffectsContext): LintProblem[] {
  const problems: LintProblem[] = [];
  const policy = screenPolicy(id);
  for (const { call, pointer, tap } of callPositions(layout)) {
    const info = ctx.callInfo(call);
    if (!info) continue;
    if (!audienceMayName(policy.audience, info.access)) {
      problems.push({ file, pointer, message: `a screen for audience '${policy.audience}' may not name the ${info.access} call '${call}'` });
    }
    if (!tap && info.effect !== 'query') {
      problems.push({ file, pointer, message: `'${call}' is a command: what runs without a tap (load, prefetch, poll, reload) may name only queries` });
    }
    if (tap && info.effect === 'command' && !policy.commands.includes(call)) {
      problems.push({ file, pointer, message: `command '${call}' is not allowed on screen '${id}' (allowed: ${policy.commands.join(', ') || 'none'})` });
    }
  }
  for (const { form, pointer } of forms(layout)) {
    const schema = form.schema as string;
    const submit = (form.submit ?? {}) as { call?: unknown; onSuccess?: unknown };
    if (typeof submit.call !== 'string') continue;
    const info = ctx.callInfo(submit.call);
    const contract = ctx.contractOf(schema);
    // A studio-made screen's own data-capture form submits to forms/submit, validated there
    // with the screen's published schema.
    const ownForm = submit.call === FORMS_SUBMIT && schema === id && isCreatedScreen(id);
    if (info && !ownForm && !info.forms.includes(schema) && (info.effect === 'command' || contract)) {
      problems.push({ file, pointer: `${pointer}/submit/call`, message: `form '${schema}' may submit only to a call bound to its schema, not '${submit.call}'` });
    }
    const keep = contract?.['x-keepOnSuccess'] as KeepStep[] | undefined;
    if (Array.isArray(keep) && !keepsSteps(submit.onSuccess, keep)) {
      const wanted = keep.map((step) => (Array.isArray(step) ? step.join(' or ') : step)).join(', then ');
      problems.push({ file, pointer: `${pointer}/submit/onSuccess`, message: `must keep the steps ${wanted} (declared by contract '${schema}')` });
    }
  }
  return problems;
}

/**
 * Lints QA case files: each file against `schemas/cases.meta.json`, then what a
 * schema cannot say — the route's screen exists, every `form` names a form block of that
 * screen (or of a screen a `navigate` step opened), every `field` is in that form's schema and
 * every message id exists in all four locales, and `{offer}` in the route goes with `given.offer`. Problems read `file#/pointer: message`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { LOCALES } from '../../src/shared/lang';
import { formsOf, readLayout, screenOfRoute, SCHEMAS_DIR } from './schemas';
import { isMessageId, type CaseStep, type QaCase } from './types';

/** One finding. */
export interface CaseProblem {
  file: string;
  pointer: string;
  message: string;
}

const LOCALE_FILE: Record<string, string> = { de: 'de', en: 'en', hi: 'hi', zh_CN: 'zh', zh: 'zh' };
let validateCase: ReturnType<Ajv['compile']> | undefined;
let tables: Array<[string, Record<string, string>]> | undefined;

function missingIn(id: string): string[] {
  tables ??= [...new Set(LOCALES.map((l) => LOCALE_FILE[l] ?? l))].map((name) => [name, JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, '..', 'locales', `${name}.json`), 'utf8')) as Record<string, string>]);
  return tables.filter(([, table]) => table[id] === undefined).map(([name]) => name);
}

/**
 * Lints one case file's parsed content.
 * @param file the path shown in problems.
 */
export function lintCase(file: string, data: unknown): CaseProblem[] {
  validateCase ??= new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, 'cases.meta.json'), 'utf8')));
  if (!validateCase(data)) {
    return (validateCase.errors ?? []).map((error) => ({
      file,
      pointer: error.instancePath || '/',
      message: error.keyword === 'additionalProperties' ? `unknown property '${(error.params as { additionalProperty: string }).additionalProperty}'` : error.keyword === 'enum' ? `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : (error.message ?? error.keyword),
    }));
  }
  const qaCase = data as QaCase;
  const problems: CaseProblem[] = [];
  const screens = new Set([screenOfRoute(qaCase.route)]);
  if (!readLayout(screenOfRoute(qaCase.route))) problems.push({ file, pointer: '/route', message: `screen '${screenOfRoute(qaCase.route)}' has no layout (schemas/screens/${screenOfRoute(qaCase.route)}.layout.json)` });
  // `{offer}` is only replaced when the case prepares an offer; an offer the route never opens is a mistake too.
  if (qaCase.route.includes('{offer}') && !qaCase.given?.offer) problems.push({ file, pointer: '/route', message: '{offer} needs given.offer (gather, block, ipo or basket)' });
  if (qaCase.given?.offer && !qaCase.route.includes('{offer}')) problems.push({ file, pointer: '/given/offer', message: "the route does not open the offer: put {offer} in it, e.g. '/gatherJoin?id={offer}'" });
  const checkId = (text: string, pointer: string, values?: object) => {
    if (!isMessageId(text)) return;
    const missing = missingIn(text);
    if (missing.length) problems.push({ file, pointer, message: `message id '${text}' is missing in ${missing.join(', ')}` });
    // Without values a message matches by its text before the first placeholder: there must be one.
    const lang = qaCase.lang ?? 'de';
    const source = tables?.find(([name]) => name === lang)?.[1][text];
    if (!values && source?.trimStart().startsWith('{')) problems.push({ file, pointer, message: `message '${text}' starts with a placeholder: give its values` });
  };
  const checkField = (form: string, field: string | undefined, pointer: string) => {
    const forms = [...screens].flatMap((screen) => {
      const layout = readLayout(screen);
      return layout ? formsOf(layout, undefined, { inTabs: true }) : [];
    });
    const match = forms.find((f) => f.formId === form);
    if (!match) {
      problems.push({ file, pointer: `${pointer}/form`, message: `no form '${form}' on ${[...screens].map((s) => `/${s}`).join(', ')} (forms: ${forms.map((f) => f.formId).join(', ') || 'none'})` });
    } else if (field !== undefined && !(field in (match.schema.properties ?? {}))) {
      problems.push({ file, pointer: `${pointer}/field`, message: `form '${form}' has no field '${field}' (schemas/screens/${match.block.schema}.schema.json)` });
    }
  };
  qaCase.steps.forEach((step: CaseStep, index) => {
    const at = `/steps/${index}`;
    if ('navigate' in step) screens.add(screenOfRoute(step.navigate));
    if ('fill' in step) checkField(step.fill.form, step.fill.field, `${at}/fill`);
    if ('submit' in step) checkField(step.submit, undefined, `${at}`);
    if ('expectFieldError' in step) {
      checkField(step.expectFieldError.form, step.expectFieldError.field, `${at}/expectFieldError`);
      checkId(step.expectFieldError.message, `${at}/expectFieldError/message`, step.expectFieldError.values);
    }
    if ('tap' in step) checkId(step.tap.label, `${at}/tap/label`);
    if ('expectText' in step) checkId(step.expectText, `${at}/expectText`);
    if ('expectNoText' in step) checkId(step.expectNoText, `${at}/expectNoText`);
    if ('expectToast' in step) checkId(step.expectToast, `${at}/expectToast`);
  });
  return problems;
}

/** Lints every `*.case.json` in a folder; files are named relative to the repository. */
export function lintCaseFolder(dir: string, root: string): CaseProblem[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((n) => n.endsWith('.case.json')).sort().flatMap((name) => {
    const file = path.relative(root, path.join(dir, name));
    try {
      return lintCase(file, JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
    } catch (error) {
      return [{ file, pointer: '/', message: `not JSON: ${(error as Error).message}` }];
    }
  });
}

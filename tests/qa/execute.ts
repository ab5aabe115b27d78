/**
 * Runs one QA case's steps against a driver — the real page in Playwright
 * (`playwright-driver.ts`) or a rendered form in a unit test. Whatever fails is reported as
 * `case "<name>", step #/steps/<n> <step>: <reason>`, numbered from 0 as the lint's pointers
 * are, so a red run names the case and the step the way `npm run lint:schemas` would.
 */
import { checkBody } from './schemas';
import { expectedText, textOf } from './messages';
import { stepKind, type CaseLang, type CaseStep, type QaCase } from './types';

/** What a case needs from the thing under test. Every `expect*` waits up to its own timeout and throws when unmet. */
export interface CaseDriver {
  fill(form: string, field: string, value: string | number | boolean): Promise<void>;
  /** Taps the control (button, link, menu row) whose visible text is `text`. */
  tap(text: string, block?: string): Promise<void>;
  submit(form: string): Promise<void>;
  navigate(path: string): Promise<void>;
  wait(ms: number): Promise<void>;
  /** Some visible element's text is `text` or contains it (a pattern: matches its start). */
  expectText(text: string | RegExp): Promise<void>;
  /** No visible element shows the text (waits for it to go). */
  expectNoText(text: string | RegExp): Promise<void>;
  expectFieldError(form: string, field: string, text: string | RegExp): Promise<void>;
  expectToast(text: string | RegExp): Promise<void>;
  expectUrl(path: string): Promise<void>;
  /** The body of the last call with that name, waiting briefly for it; undefined when none was made. */
  lastCall(name: string): Promise<Record<string, unknown> | undefined>;
  /** The bodies of every call with that name made so far, once the page's calls have settled. */
  callsSoFar(name: string): Promise<Array<Record<string, unknown>>>;
  /** Calls `/api/<name>` with the page's current session; the answer's `data`. @throws Error unless code 200. */
  query(name: string, body: Record<string, unknown>): Promise<unknown>;
}

/** A step failure that names the case and the step. */
export class CaseStepError extends Error {
  constructor(
    readonly caseName: string,
    readonly stepIndex: number,
    readonly step: CaseStep,
    cause: unknown,
  ) {
    super(`case "${caseName}", step #/steps/${stepIndex} ${JSON.stringify(step)}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CaseStepError';
  }
}

/** Whether `actual` contains every key of `expected` with an equal value (recursively). */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) => isSubset(value, (actual as Record<string, unknown>)[key]));
  }
  return JSON.stringify(expected) === JSON.stringify(actual);
}

/** The first object in `data` (itself, or at any depth inside it) that contains `record`. */
export function findRecord(record: Record<string, unknown>, data: unknown): unknown {
  if (isSubset(record, data)) return data;
  if (data && typeof data === 'object') {
    for (const value of Object.values(data)) {
      const found = findRecord(record, value);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Runs one step. */
export async function runStep(step: CaseStep, driver: CaseDriver, lang: CaseLang): Promise<void> {
  const t = (id: string, values?: Record<string, string | number>) => textOf(lang, id, values);
  const seen = (id: string, values?: Record<string, string | number>) => expectedText(lang, id, values);
  if ('fill' in step) return driver.fill(step.fill.form, step.fill.field, step.fill.value);
  if ('tap' in step) return driver.tap(t(step.tap.label), step.tap.block);
  if ('submit' in step) return driver.submit(step.submit);
  if ('navigate' in step) return driver.navigate(step.navigate);
  if ('wait' in step) return driver.wait(Math.min(10_000, Math.max(0, step.wait)));
  if ('expectText' in step) return driver.expectText(seen(step.expectText));
  if ('expectNoText' in step) return driver.expectNoText(seen(step.expectNoText));
  if ('expectFieldError' in step) {
    const { form, field, message, values } = step.expectFieldError;
    return driver.expectFieldError(form, field, seen(message, values));
  }
  if ('expectToast' in step) return driver.expectToast(seen(step.expectToast));
  if ('expectUrl' in step) return driver.expectUrl(step.expectUrl);
  if ('expectCall' in step) {
    const { name, body, schema } = step.expectCall;
    const sent = await driver.lastCall(name);
    if (sent === undefined) throw new Error(`no '${name}' call was made`);
    if (body && !isSubset(body, sent)) throw new Error(`'${name}' was called with ${JSON.stringify(sent)}, expected it to contain ${JSON.stringify(body)}`);
    if (schema) {
      const problems = checkBody(schema, sent);
      if (problems.length) throw new Error(`'${name}' body ${JSON.stringify(sent)} does not validate against ${schema}.schema.json: ${problems.join('; ')}`);
    }
    return;
  }
  if ('expectNoCall' in step) {
    const sent = await driver.callsSoFar(step.expectNoCall);
    if (sent.length) throw new Error(`'${step.expectNoCall}' was called ${sent.length} time(s), last with ${JSON.stringify(sent.at(-1))}`);
    return;
  }
  if ('expectRecord' in step) {
    const { call, body, record } = step.expectRecord;
    const data = await driver.query(call, body ?? {});
    if (findRecord(record, data) === undefined) throw new Error(`'${call}' answered without a record containing ${JSON.stringify(record)}: ${JSON.stringify(data).slice(0, 600)}`);
    return;
  }
  throw new Error(`unknown step kind '${stepKind(step)}'`);
}

/**
 * Runs a case's steps in order (the session and `given` state are the caller's job).
 * @throws CaseStepError at the first failing step.
 */
export async function runCase(qaCase: QaCase, driver: CaseDriver): Promise<void> {
  const lang = qaCase.lang ?? 'de';
  for (const [index, step] of qaCase.steps.entries()) {
    try {
      await runStep(step, driver, lang);
    } catch (error) {
      throw new CaseStepError(qaCase.name, index, step, error);
    }
  }
}

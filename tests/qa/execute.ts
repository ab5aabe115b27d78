/**
 * Runs one QA case's steps against a driver — the real page in Playwright
 * (`playwright-driver.ts`) or a rendered form in a unit test. Whatever fails is reported as
 * `case "<name>", step <n> <step>: <reason>` so a red run names the case and the step.
 */
import { checkBody } from './schemas';
import { textOf } from './messages';
import { stepKind, type CaseLang, type CaseStep, type QaCase } from './types';

/** What a case needs from the thing under test. Every `expect*` waits up to its own timeout and throws when unmet. */
export interface CaseDriver {
  fill(form: string, field: string, value: string | number | boolean): Promise<void>;
  /** Taps the control (button, link, menu row) whose visible text is `text`. */
  tap(text: string, block?: string): Promise<void>;
  submit(form: string): Promise<void>;
  navigate(path: string): Promise<void>;
  wait(ms: number): Promise<void>;
  expectText(text: string): Promise<void>;
  expectFieldError(form: string, field: string, text: string): Promise<void>;
  expectToast(text: string): Promise<void>;
  expectUrl(path: string): Promise<void>;
  /** The body of the last call with that name, waiting briefly for it; undefined when none was made. */
  lastCall(name: string): Promise<Record<string, unknown> | undefined>;
}

/** A step failure that names the case and the step. */
export class CaseStepError extends Error {
  constructor(
    readonly caseName: string,
    readonly stepIndex: number,
    readonly step: CaseStep,
    cause: unknown,
  ) {
    super(`case "${caseName}", step ${stepIndex + 1} ${JSON.stringify(step)}: ${cause instanceof Error ? cause.message : String(cause)}`);
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

/** Runs one step. */
export async function runStep(step: CaseStep, driver: CaseDriver, lang: CaseLang): Promise<void> {
  const t = (id: string, values?: Record<string, string | number>) => textOf(lang, id, values);
  if ('fill' in step) return driver.fill(step.fill.form, step.fill.field, step.fill.value);
  if ('tap' in step) return driver.tap(t(step.tap.label), step.tap.block);
  if ('submit' in step) return driver.submit(step.submit);
  if ('navigate' in step) return driver.navigate(step.navigate);
  if ('wait' in step) return driver.wait(Math.min(10_000, Math.max(0, step.wait)));
  if ('expectText' in step) return driver.expectText(t(step.expectText));
  if ('expectFieldError' in step) {
    const { form, field, message, values } = step.expectFieldError;
    return driver.expectFieldError(form, field, t(message, values));
  }
  if ('expectToast' in step) return driver.expectToast(t(step.expectToast));
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

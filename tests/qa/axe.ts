/**
 * axe-core as the Chromium checks run it: only the rules that can report a serious or critical
 * violation, with full results for violations alone.
 *
 * The checks fail on serious and critical violations only, so a rule whose every outcome is
 * minor or moderate (`region`, the landmark rules, `heading-order`, …) can change no result; it
 * is left out rather than run and filtered away. Which rules those are is read from axe-core's
 * own metadata (each rule's impact and its checks' impacts), so a new axe-core version brings
 * its new rules in. `resultTypes: ['violations']` keeps axe from building the selector and HTML
 * of every passing node, which no check reads.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { JSDOM } from 'jsdom';

/** The impacts that fail a check. */
export const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** axe-core's rule and check metadata, as its `_audit` holds it. */
interface AxeAudit {
  rules: Array<{ id: string; impact?: string; enabled?: boolean; tags: string[]; any: Array<string | { id: string }>; all: Array<string | { id: string }>; none: Array<string | { id: string }> }>;
  data: { checks: Record<string, { impact?: string } | undefined> };
}

let seriousRules: string[] | undefined;

/**
 * The ids of the rules a default axe-core run runs (enabled, not experimental) that can report a
 * serious or critical violation: the rule's own impact or one of its checks' is serious or critical. Read once per process from axe-core
 * loaded into an empty jsdom document.
 */
export function rulesThatCanFail(): string[] {
  if (seriousRules) return seriousRules;
  const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.js'), 'utf8');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { runScripts: 'outside-only' });
  dom.window.eval(source);
  const audit = (dom.window as unknown as { axe: { _audit: AxeAudit } }).axe._audit;
  seriousRules = audit.rules
    // The rules a default run runs: enabled and not experimental.
    .filter((rule) => rule.enabled !== false && !rule.tags.includes('experimental'))
    .filter((rule) => {
      const checkIds = [...rule.any, ...rule.all, ...rule.none].map((check) => (typeof check === 'string' ? check : check.id));
      const impacts = [rule.impact, ...checkIds.map((id) => audit.data.checks[id]?.impact)];
      return impacts.some((impact) => impact !== undefined && FAILING_IMPACTS.has(impact));
    })
    .map((rule) => rule.id);
  dom.window.close();
  return seriousRules;
}

/**
 * An axe run over `page` in legacy mode: axe runs in the page itself. The app has no frames, so
 * the frame-by-frame mode would only open a blank page per run and compile axe a second time
 * there. Specs that pick their own rules start from this.
 */
export function axeInPage(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/**
 * An axe run over `page` as the route checks make it ({@link axeInPage}): the rules of
 * {@link rulesThatCanFail}, full results for violations only.
 */
export function axeFor(page: Page): AxeBuilder {
  return axeInPage(page).withRules(rulesThatCanFail()).options({ resultTypes: ['violations'] });
}

/** `id (impact): target, …` of each serious or critical violation of an axe result, for an assertion message. */
export function failingViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations
    .filter((violation) => violation.impact && FAILING_IMPACTS.has(violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

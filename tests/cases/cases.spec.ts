/**
 * Runs the QA case files (`tests/cases/*.case.json`, or the `CASES` selection) in Chromium at
 * 390×844: `as`/`given` through the real API (`given.offer`: an open offer the operator makes,
 * whose id replaces `{offer}` in the route), then each step. A failing step names the case
 * and the step and attaches a screenshot. Grouped by screen in the HTML report.
 */
import path from 'node:path';
import { test as base } from '../e2e/test';
import { caseFiles, readCase, ROOT } from '../qa/case-files';
import { CaseStepError, runCase } from '../qa/execute';
import { operatorSession, prepare } from '../qa/given';
import { offerFor, withOffer } from '../qa/offers';
import { attachFailure, openAs, PageDriver } from '../qa/playwright-driver';
import { screenOfRoute } from '../qa/schemas';
import { sharedContextPage } from '../qa/shared-context';

/** The worker's cases share one page (`sharedContextPage`): each starts with its own session, language and storage. */
const test = base.extend({ page: sharedContextPage('cases') });

const byScreen = new Map<string, Array<{ file: string; qaCase: ReturnType<typeof readCase> }>>();
for (const file of caseFiles()) {
  const qaCase = readCase(file);
  const screen = screenOfRoute(qaCase.route) || 'root';
  byScreen.set(screen, [...(byScreen.get(screen) ?? []), { file, qaCase }]);
}

// Each case makes its own accounts and records: cases are shared out one by one between the workers.
test.describe.configure({ mode: 'parallel' });

for (const [screen, entries] of byScreen) {
  test.describe(`screen ${screen}`, () => {
    for (const { file, qaCase } of entries) {
      test(`${qaCase.name} (${path.relative(ROOT, file)})`, async ({ page, request }, testInfo) => {
        const session = await prepare(request, qaCase.as, qaCase.given);
        const offer = qaCase.given?.offer;
        const route = withOffer(qaCase.route, offer ? await offerFor(request, offer, await operatorSession(request), session.token) : undefined);
        const driver = new PageDriver(page, route);
        await openAs(page, route, session.token, qaCase.lang ?? 'de');
        try {
          await runCase(qaCase, driver);
        } catch (error) {
          const label = error instanceof CaseStepError ? `${qaCase.name} — step ${error.stepIndex}` : qaCase.name;
          await attachFailure(page, testInfo, label);
          throw error;
        }
      });
    }
  });
}

/**
 * axe-core on /home at 390×844: the Buy buttons of the rankings and the banner slides name what they show
 * (`label-content-name-mismatch`, an experimental rule run on its own here), and /home has no
 * serious or critical violation.
 */
import { axeFor, axeInPage, failingViolations } from '../qa/axe';
import { expect, test } from './test';
import { openWithSession, registerByApi } from './helpers';

test('/home: the Buy buttons and banner slides pass label-content-name-mismatch; no serious violation', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/home');
  await expect(page.getByTestId('quote-row-action').first()).toBeVisible();
  const mismatch = await axeInPage(page).withRules(['label-content-name-mismatch']).analyze();
  expect(mismatch.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  const all = await axeFor(page).analyze();
  expect(failingViolations(all.violations)).toEqual([]);
});

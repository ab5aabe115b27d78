/**
 * A screen made in the studio, end to end in Chromium. An editor at 1280×800 makes a new
 * screen (`/p/<id>`) with a data-capture form, gives the form its fields and publishes it for
 * approval; a second editor on a phone (390×844) approves it; an investor on a phone fills the
 * form and sends it; an operator on a phone finds it at /adminForms, downloads the submissions
 * as CSV and opens the list of submissions. The screen is unpublished again afterwards
 * (approved as well), so the shared demo content keeps nothing linking to it. A screen for the
 * public audience opens on a phone with no session: its title and form show, and sending it
 * asks the visitor to log in without storing anything.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test } from './test';
import { api, approveAsEditor2, demoEditor, demoEditor2, openWithSession, operatorToken, registerByApi, type StudioChange, shotPath } from './helpers';

const SCHEMA = {
  type: 'object',
  required: ['fullName', 'experience'],
  additionalProperties: false,
  properties: {
    fullName: { type: 'string', title: 'Full name', minLength: 2, maxLength: 80 },
    experience: { type: 'string', title: 'Investing since', enum: ['Just starting', '1–5 years', 'More than 5 years'] },
    topics: { type: 'string', title: 'What should we explain better?', maxLength: 500 },
  },
};

test('an editor makes a screen with a form, a second editor approves, an investor sends it, an operator exports it', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(180_000); // four browser contexts and CodeMirror on a shared machine
  const id = `survey${randomBytes(3).toString('hex').replace(/[^a-z0-9]/g, '')}`;
  const editorToken = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  const studio = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-GB', serviceWorkers: 'block' });
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB', serviceWorkers: 'block', isMobile: true, hasTouch: true });
  const desk = await studio.newPage();
  const second = await phone.newPage();
  const back = await phone.newPage();
  try {
    // The editor makes the screen: a draft with a form, served nowhere yet.
    await openWithSession(desk, editorToken, '/studio', 'EN');
    await desk.getByTestId('studio-new-id').fill(id);
    await desk.getByTestId('studio-new-title').fill('Investor survey');
    await desk.getByTestId('studio-create').click();
    await expect(desk.getByTestId('toast').last()).toContainText('Screen created');
    await expect(desk.getByTestId(`screen-${id}`)).toContainText(`/p/${id}`);
    await expect(desk.getByTestId('editor-layout')).toContainText('"forms/submit"');

    // The form's fields: its schema.
    await desk.getByTestId('tab-schema').click();
    await desk.getByTestId('editor-schema').locator('.cm-content').click();
    await desk.keyboard.press('ControlOrMeta+a');
    await desk.keyboard.insertText(JSON.stringify(SCHEMA, null, 2));
    const preview = desk.getByTestId('studio-preview');
    await expect(preview).toContainText('Investing since');
    await expect(preview.locator('.top-bar-title')).toHaveText('Investor survey');
    await desk.getByTestId('studio-note').fill('Survey for new investors');
    await expect(desk.getByTestId('studio-publish')).toBeEnabled();
    await desk.screenshot({ path: shotPath('studio-new-screen-1280.png') });
    await desk.getByTestId('studio-publish').click();
    await expect(desk.getByTestId('toast').last()).toContainText('Change submitted');

    // Not live before approval.
    const investorToken = (await registerByApi(request)).token;
    const before = await request.get(`/api/ui/screens/${id}`);
    expect(((await before.json()) as { code: number }).code).not.toBe(200);

    // The second editor approves it on a phone.
    await openWithSession(second, (await api<{ token: string }>(request, '', 'user/login', demoEditor2())).token, '/studio', 'EN');
    const pending = second.getByTestId('studio-changes');
    await pending.getByRole('button', { name: new RegExp(`${id} — Survey for new investors`) }).click();
    await expect(pending.getByTestId('change-texts')).toContainText('Investor survey');
    await pending.getByTestId('change-approve').click();
    await expect(second.getByTestId('toast').last()).toContainText('Approved');

    // The investor fills the form on the phone.
    await openWithSession(page, investorToken, `/p/${id}`, 'EN');
    await expect(page.locator('.top-bar-title')).toHaveText('Investor survey');
    const form = page.getByTestId('form-form');
    await form.getByLabel('Full name').fill('Asha Rao');
    await form.getByLabel('Investing since').selectOption({ label: '1–5 years' });
    await form.getByLabel('What should we explain better?').fill('IPO allotment, please');
    await page.screenshot({ path: shotPath('studio-form-390.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.getByTestId('submit').click();
    await expect(page.getByTestId('toast').last()).toContainText('Thank you, your answers were received.');
    await page.screenshot({ path: shotPath('studio-form-sent-390.png') });

    // The operator finds the form at /adminForms and downloads the CSV.
    await openWithSession(back, await operatorToken(request), '/adminForms', 'EN');
    const row = back.getByTestId('list-forms').getByTestId('list-row').filter({ hasText: `/p/${id}` });
    await expect(row).toContainText('Investor survey');
    await expect(row).toContainText('Submissions');
    await back.screenshot({ path: shotPath('admin-forms-390.png') });
    const [download] = await Promise.all([back.waitForEvent('download'), row.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`${id}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('submittedAt,email,version,fullName,experience,topics');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,1,Asha Rao,1–5 years,"IPO allotment, please"$/);

    // And the submissions themselves.
    await row.locator('.list-link').click();
    await expect(back).toHaveURL(new RegExp(`/adminFormSubmissions\\?formId=${id}$`));
    await expect(back.getByTestId('list-submissions')).toContainText('fullName: Asha Rao · experience: 1–5 years');
    await back.screenshot({ path: shotPath('admin-form-submissions-390.png') });
  } finally {
    // Take the screen down again (approved by the second editor).
    const submitted = await api<StudioChange>(request, editorToken, 'studio/screens/unpublish', { id, note: 'e2e clean-up' }).catch(() => null);
    if (submitted) await approveAsEditor2(request, submitted);
    await studio.close();
    await phone.close();
  }
});

test('a /p screen for the public audience opens on a phone with no session; sending its form asks the visitor to log in', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const id = `open${randomBytes(3).toString('hex').replace(/[^a-z0-9]/g, '')}`;
  const editorToken = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  await api(request, editorToken, 'studio/screens/create', { id, title: 'Open day', audience: 'public' });
  const { layout } = await api<{ layout: unknown }>(request, editorToken, 'studio/screens/get', { id });
  const schema = { type: 'object', additionalProperties: false, properties: { question: { type: 'string', title: 'Your question', maxLength: 300 } } };
  const { baseVersion } = await api<{ baseVersion: number }>(request, editorToken, 'studio/screens/get', { id });
  await approveAsEditor2(request, await api<StudioChange>(request, editorToken, 'studio/screens/publish', { id, layout, schema, baseVersion, note: 'open day questions' }));
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB', serviceWorkers: 'block', isMobile: true, hasTouch: true });
  try {
    const visitor = await phone.newPage();
    await visitor.goto('/page');
    await visitor.evaluate(() => localStorage.setItem('lang', 'EN'));
    await visitor.goto(`/p/${id}`);
    await expect(visitor).toHaveURL(new RegExp(`/p/${id}`));
    await expect(visitor.locator('.top-bar-title')).toHaveText('Open day');
    const form = visitor.getByTestId('form-form');
    await form.getByLabel('Your question').fill('When does the IPO desk open?');
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.getByTestId('submit').click();
    // Not logged in: the 501 flow ends at the start page; nothing was stored.
    await expect(visitor).toHaveURL(/\/page|reloaded=1/);
    const stored = await api<{ total: number }>(request, await operatorToken(request), 'admin/forms/submissions', { formId: id });
    expect(stored.total).toBe(0);
  } finally {
    const submitted = await api<StudioChange>(request, editorToken, 'studio/screens/unpublish', { id, note: 'e2e clean-up' }).catch(() => null);
    if (submitted) await approveAsEditor2(request, submitted);
    await phone.close();
  }
});

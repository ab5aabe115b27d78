/**
 * The studio in Chromium. An editor at 1280×800 retitles /bindBank and gives a field a new
 * help text (new text ids, entered in all four languages), previews the draft in German and
 * publishes layout and texts as one change — which waits: the investor still sees the old
 * screen. The second editor, on a phone at 390×844, opens the pending change, reads its diff
 * (layout and every text) and approves it; the investor's phone shows it on the next load,
 * without a restart. The first editor, working on a draft from the old version, is told who
 * published since (1811) and discards the draft. The screen is rolled back to the files
 * afterwards (approved as well), so the shared demo content stays as it was.
 */
import { expect, test, type APIRequestContext } from './test';
import { demoEditor, demoEditor2, openWithSession, registerByApi, rollbackApprovedByApi, shotPath } from './helpers';

async function login(request: APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post('/api/user/login', { data: credentials });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const TEXTS = {
  'bindBank.titleStudio': { de: 'Meine Bankverbindungen', en: 'My bank details', hi: 'मेरे बैंक विवरण', zh: '我的银行信息' },
  'bindBank.ifscHelpStudio': { de: 'IFSC: 11 Zeichen, z. B. HDFC0001234', en: 'IFSC: 11 characters, e.g. HDFC0001234', hi: 'IFSC: 11 अक्षर, जैसे HDFC0001234', zh: 'IFSC：11 个字符，例如 HDFC0001234' },
} as const;

test('an editor publishes /bindBank, a second editor approves it on a phone, the investor sees it', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(180_000); // three browser contexts and two CodeMirror views on a shared machine
  const editorToken = await login(request, demoEditor());
  const auth = { Authorization: `Bearer ${editorToken}` };
  const studio = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-GB', serviceWorkers: 'block' });
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB', serviceWorkers: 'block', isMobile: true, hasTouch: true });
  const desk = await studio.newPage();
  const second = await phone.newPage();
  try {
    // Editors find the studio in their menu.
    await openWithSession(desk, editorToken, '/my', 'EN');
    await desk.getByRole('button', { name: 'Studio (screens and texts)' }).click();
    await expect(desk).toHaveURL(/\/studio$/);
    await desk.getByTestId('screen-bindBank').click();
    const editor = desk.getByTestId('editor-layout');
    await expect(editor).toContainText('"bindBank.title"');

    // Retitle the screen and give the IFSC field a new help text: new text ids in the layout.
    const served = (await (await request.post('/api/studio/screens/get', { headers: auth, data: { id: 'bindBank' } })).json()).data;
    const layout = structuredClone(served.layout);
    layout.title = 'bindBank.titleStudio';
    const form = layout.blocks.find((block: { kind: string }) => block.kind === 'form');
    form.ui.ifsc['ui:help'] = 'bindBank.ifscHelpStudio';
    await editor.locator('.cm-content').click();
    await desk.keyboard.press('ControlOrMeta+a');
    await desk.keyboard.insertText(JSON.stringify(layout, null, 2));
    // The new ids have no text yet: flagged in the texts table and by the server's check.
    await expect(desk.getByTestId('studio-problems')).toContainText("message id 'bindBank.titleStudio' is missing");
    await expect(desk.getByTestId('studio-publish')).toBeDisabled();
    for (const [id, texts] of Object.entries(TEXTS)) {
      for (const [lang, text] of Object.entries(texts)) {
        const cell = desk.getByTestId(`text-${lang}-${id}`);
        await expect(cell.locator('xpath=..')).toHaveClass(/studio-missing/);
        await cell.fill(text);
      }
    }
    // The texts travel with the change: the server's check counts them as present.
    await expect(desk.getByTestId('studio-problems')).not.toContainText('is missing');
    // Preview in German before anything is published.
    await desk.getByTestId('preview-de').click();
    const preview = desk.getByTestId('studio-preview');
    await expect(preview.locator('.top-bar-title')).toHaveText('Meine Bankverbindungen');
    await expect(preview).toContainText('IFSC: 11 Zeichen, z. B. HDFC0001234');
    await desk.screenshot({ path: shotPath('studio-1280.png') });

    await desk.getByTestId('studio-note').fill('Friendlier title and IFSC help');
    await expect(desk.getByTestId('studio-publish')).toBeEnabled();
    await desk.getByTestId('studio-publish').click();
    await expect(desk.getByTestId('toast').last()).toContainText('Change submitted');
    // Pending: the screen is still version 0, and the author cannot approve their own change.
    await expect(desk.getByTestId('screen-bindBank')).toContainText('v0');
    await expect(desk.getByTestId('studio-pending')).toBeVisible();
    const changes = desk.getByTestId('studio-changes');
    await changes.getByRole('button', { name: /bindBank — Friendlier title/ }).click();
    await expect(changes.getByTestId('change-own')).toBeVisible();
    await expect(changes.getByTestId('change-approve')).toHaveCount(0);

    // The investor's phone still shows the screen as it was.
    const investorToken = (await registerByApi(request)).token;
    await openWithSession(page, investorToken, '/bindBank', 'DE');
    await expect(page.locator('.top-bar-title')).not.toHaveText('Meine Bankverbindungen');

    // Meanwhile the first editor keeps a draft of version 0.
    await editor.locator('.cm-content').click();
    await desk.keyboard.press('ControlOrMeta+a');
    await desk.keyboard.insertText(JSON.stringify({ ...served.layout, title: 'bindBank.listTitle' }, null, 2));
    await desk.getByTestId('studio-save-draft').click();
    await expect(desk.getByTestId('toast').last()).toContainText('Draft saved');

    // The second editor, on a phone, opens the change, reads the diff and approves.
    await openWithSession(second, await login(request, demoEditor2()), '/studio', 'EN');
    const pending = second.getByTestId('studio-changes');
    await expect(pending).toContainText('1 change awaits approval');
    await pending.getByRole('button', { name: /bindBank — Friendlier title/ }).click();
    await expect(pending.getByTestId('change-diff')).toContainText('bindBank.titleStudio');
    await expect(pending.getByTestId('change-texts')).toContainText('Meine Bankverbindungen');
    await expect(pending.getByTestId('change-texts')).toContainText('我的银行信息');
    await expect(pending.getByTestId('change-approve')).toBeVisible();
    const width = await second.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390); // nothing wider than the phone
    await second.screenshot({ path: shotPath('studio-approve-390.png') });
    await pending.getByTestId('change-approve').click();
    await expect(second.getByTestId('toast').last()).toContainText('Approved');
    await expect(pending).toContainText('No change awaits approval');

    // The investor's phone (390×844, German) shows the published screen on its next load.
    await openWithSession(page, investorToken, '/bindBank', 'DE');
    await expect(page.locator('.top-bar-title')).toHaveText('Meine Bankverbindungen');
    await expect(page.getByTestId('form-add')).toContainText('IFSC: 11 Zeichen, z. B. HDFC0001234');
    await page.screenshot({ path: shotPath('studio-result-390.png') });

    // The first editor's draft is of version 0: saving it again names who published what since
    // (the version's author: this editor's own change, approved by the second editor).
    await desk.getByTestId('studio-save-draft').click();
    const conflict = desk.getByTestId('studio-conflict');
    await expect(conflict).toContainText(`${demoEditor().email} changed “bindBank” since your version 0 (published)`);
    await expect(conflict).toContainText('bindBank');
    await desk.screenshot({ path: shotPath('studio-conflict-1280.png') });
    desk.once('dialog', (dialog) => void dialog.accept());
    await desk.getByTestId('studio-discard-draft').click();
    await expect(desk.getByTestId('toast').last()).toContainText('Draft discarded');
    await expect(desk.getByTestId('studio-conflict')).toHaveCount(0);
    await expect(editor).toContainText('"bindBank.titleStudio"'); // the published version
    await expect(desk.getByTestId('screen-bindBank')).toContainText('v1');

    // The history shows the version; the diff compares it with the files.
    await desk.getByTestId('studio-history').click();
    await expect(desk.getByTestId('studio-versions')).toContainText('Friendlier title and IFSC help');
    await desk.getByTestId('studio-compare').click();
    await expect(desk.getByTestId('studio-diff')).toContainText('bindBank.titleStudio');
    await desk.screenshot({ path: shotPath('studio-history-1280.png'), fullPage: true });

    // The property panel: the cursor inside the form block shows that kind's properties.
    await editor.getByText('"bindBank.addTitle"').click();
    const properties = desk.getByTestId('studio-properties');
    await expect(properties).toContainText('form');
    await expect(properties.getByLabel('title')).toHaveValue('bindBank.addTitle');

    // Still usable on a tablet: the columns wrap.
    await desk.setViewportSize({ width: 1024, height: 768 });
    await expect(desk.getByTestId('studio-preview')).toBeVisible();
    await desk.screenshot({ path: shotPath('studio-tablet-1024.png') });

    // An investor cannot open the studio.
    await openWithSession(page, investorToken, '/studio', 'DE');
    await expect(page.getByTestId('studio-denied')).toBeVisible();
  } finally {
    // Leave the shared demo screen as the files say (a rollback is a change too).
    await rollbackApprovedByApi(request, 'bindBank', 0).catch(() => undefined);
    await studio.close();
    await phone.close();
  }
});

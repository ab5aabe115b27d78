/**
 * An editor at 1280×800 changes the bindBank title and a field's help text in the
 * studio (new text ids, entered in all four languages), previews the draft in German,
 * publishes it with a note — and an investor's phone at 390×844 shows it on the next load,
 * without a restart of the server. The screen is rolled back to the files afterwards, so the
 * shared demo content stays as it was.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from './test';
import { demoEditor, openWithSession, registerByApi } from './helpers';

async function login(request: APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post('/api/user/login', { data: credentials });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const TEXTS = {
  'bindBank.titleStudio': { de: 'Meine Bankverbindungen', en: 'My bank details', hi: 'मेरे बैंक विवरण', zh: '我的银行信息' },
  'bindBank.ifscHelpStudio': { de: 'IFSC: 11 Zeichen, z. B. HDFC0001234', en: 'IFSC: 11 characters, e.g. HDFC0001234', hi: 'IFSC: 11 अक्षर, जैसे HDFC0001234', zh: 'IFSC：11 个字符，例如 HDFC0001234' },
} as const;

test('an editor changes, previews and publishes /bindBank; the investor sees it', async ({ browser, page, request, baseURL }) => {
  const editorToken = await login(request, demoEditor());
  const auth = { Authorization: `Bearer ${editorToken}` };
  const studio = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-GB', serviceWorkers: 'block' });
  const desk = await studio.newPage();
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
    // Preview in German before anything is published.
    await desk.getByTestId('preview-de').click();
    const preview = desk.getByTestId('studio-preview');
    await expect(preview.locator('.top-bar-title')).toHaveText('Meine Bankverbindungen');
    await expect(preview).toContainText('IFSC: 11 Zeichen, z. B. HDFC0001234');
    fs.mkdirSync('docs/screenshots', { recursive: true });
    await desk.screenshot({ path: 'docs/screenshots/studio-1280.png' });

    await desk.getByTestId('studio-save-texts').click();
    await expect(desk.getByTestId('studio-problems')).not.toContainText('is missing');
    await desk.getByTestId('studio-note').fill('Friendlier title and IFSC help');
    await expect(desk.getByTestId('studio-publish')).toBeEnabled();
    await desk.getByTestId('studio-publish').click();
    await expect(desk.getByTestId('toast').last()).toContainText('Version 1 published');
    await expect(desk.getByTestId('screen-bindBank')).toContainText('v1');

    // The history shows the version; the diff compares it with the files.
    await desk.getByTestId('studio-history').click();
    await expect(desk.getByTestId('studio-versions')).toContainText('Friendlier title and IFSC help');
    await desk.getByTestId('studio-compare').click();
    await expect(desk.getByTestId('studio-diff')).toContainText('bindBank.titleStudio');
    await desk.screenshot({ path: 'docs/screenshots/studio-history-1280.png', fullPage: true });

    // The property panel: the cursor inside the form block shows that kind's properties.
    await editor.getByText('"bindBank.addTitle"').click();
    const properties = desk.getByTestId('studio-properties');
    await expect(properties).toContainText('form');
    await expect(properties.getByLabel('title')).toHaveValue('bindBank.addTitle');

    // Still usable on a tablet: the columns wrap.
    await desk.setViewportSize({ width: 1024, height: 768 });
    await expect(desk.getByTestId('studio-preview')).toBeVisible();
    await desk.screenshot({ path: 'docs/screenshots/studio-tablet-1024.png' });

    // The investor's phone (390×844, German) shows the published screen on its next load.
    // A fresh investor: other specs change the demo investor's password.
    const investorToken = (await registerByApi(request)).token;
    await openWithSession(page, investorToken, '/bindBank', 'DE');
    await expect(page.locator('.top-bar-title')).toHaveText('Meine Bankverbindungen');
    await expect(page.getByTestId('form-add')).toContainText('IFSC: 11 Zeichen, z. B. HDFC0001234');
    await page.screenshot({ path: 'docs/screenshots/studio-result-390.png' });

    // An investor cannot open the studio.
    await openWithSession(page, investorToken, '/studio', 'DE');
    await expect(page.getByTestId('studio-denied')).toBeVisible();
  } finally {
    // Leave the shared demo screen as the files say.
    await request.post('/api/studio/screens/rollback', { headers: auth, data: { id: 'bindBank', version: 0 } });
    await studio.close();
  }
});

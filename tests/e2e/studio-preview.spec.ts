/**
 * The studio's layout editor and preview as an editor uses them, at 1280×800 in Chromium:
 * - binding completion: Ctrl+Space in a `"call"` value offers the call names, in a detail's
 *   `field` the fields of that call's answer (nested ones as dot paths); picking one writes it;
 * - the preview of a record screen passes the query parameters typed beside it to the screen's
 *   load call, and a tab screen shows its real header and tab bar, not a back arrow;
 * - the previewed screen is 390 CSS px wide, a phone's width: on a laptop (no scrollbar narrows
 *   it) and, at 390×844, on a phone, where the preview spans the whole width.
 */
import { expect, test, type Page } from './test';
import { api, demoEditor, openWithSession, shotPath } from './helpers';

/** Replaces the layout editor's whole text. */
async function setLayout(desk: Page, text: string) {
  await desk.getByTestId('editor-layout').locator('.cm-content').click();
  await desk.keyboard.press('ControlOrMeta+a');
  await desk.keyboard.insertText(text);
}

/** Puts the cursor before the closing quote of the string `value` (the last one on its line). */
async function cursorInto(desk: Page, value: string) {
  await desk.getByTestId('editor-layout').getByText(`"${value}"`).last().click();
  await desk.keyboard.press('End');
  await desk.keyboard.press('ArrowLeft');
}

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: 'en-GB' });

test('the layout editor completes call names and the fields of the named call', async ({ page: desk, request }) => {
  const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  await openWithSession(desk, token, '/studio', 'EN');
  await desk.getByTestId('screen-withdrawDetail').click();
  await expect(desk.getByTestId('editor-layout')).toContainText('withdrawal/withdrawalDetails');

  const served = (await api<{ layout: Record<string, any> }>(request, token, 'studio/screens/get', { id: 'withdrawDetail' })).layout;
  const layout = structuredClone(served);
  const block = layout.blocks[0];
  // The call last in `load` and the field last in its entry: each ends its line.
  block.load = { params: block.load.params, call: 'withdrawal/withdrawalDet' };
  block.fields[1] = { label: block.fields[1].label, field: 'bank.if' };
  await setLayout(desk, `${JSON.stringify(layout, null, 2)}\n`);

  await cursorInto(desk, 'withdrawal/withdrawalDet');
  await desk.keyboard.press('Control+Space');
  const list = desk.locator('.cm-tooltip-autocomplete');
  await expect(list.getByRole('option', { name: 'withdrawal/withdrawalDetails' })).toBeVisible();
  await desk.screenshot({ path: shotPath('studio-complete-call.png') });
  await list.getByRole('option', { name: 'withdrawal/withdrawalDetails' }).click();
  await expect(desk.getByTestId('editor-layout')).toContainText('"call": "withdrawal/withdrawalDetails"');

  await cursorInto(desk, 'bank.if');
  await desk.keyboard.press('Control+Space');
  await expect(list.getByRole('option', { name: 'bank.ifsc' })).toBeVisible();
  // Only fields the call answers: a field of another call's answer is not offered.
  await expect(list.getByRole('option', { name: 'bank.accountNumberMasked' })).toHaveCount(0);
  await desk.screenshot({ path: shotPath('studio-complete-field.png') });
  await desk.keyboard.press('Enter');
  await expect(desk.getByTestId('editor-layout')).toContainText('"field": "bank.ifsc"');
  // The completed layout has no binding problem.
  await expect(desk.getByTestId('studio-problems')).not.toContainText('bank.');
});

test('the preview passes query parameters to a record screen and shows a tab screen in its shell', async ({ page: desk, request }) => {
  const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  await openWithSession(desk, token, '/studio', 'EN');
  await desk.getByTestId('screen-withdrawDetail').click();
  const preview = desk.getByTestId('studio-preview');
  await expect(preview).toBeVisible();
  const asked = desk.waitForRequest((r) => r.url().includes('/api/withdrawal/withdrawalDetails') && (r.postData() ?? '').includes('"w-preview-1"'));
  await desk.getByTestId('preview-query').fill('id=w-preview-1');
  const body = JSON.parse((await asked).postData()!) as { id?: string };
  expect(body.id).toBe('w-preview-1');
  await expect(preview.locator('.top-bar button[aria-label="Back"]')).toHaveCount(1);

  // /home: the shell's header (profile, brand, search) and the tab bar with Home current.
  await desk.getByTestId('screen-home').click();
  await expect(preview.locator('nav.tab-bar')).toBeVisible();
  await expect(preview.locator('nav.tab-bar .tab')).toHaveCount(5);
  await expect(preview.locator('nav.tab-bar .tab.active')).toHaveText('Home');
  const header = preview.locator('header.tab-bar-header');
  await expect(header).toBeVisible();
  await expect(header.getByRole('button', { name: 'Profile' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(preview.locator('button[aria-label="Back"]')).toHaveCount(0);
  await preview.screenshot({ path: shotPath('studio-preview-tab.png') });
});

/** The widths of the previewed screen: the frame's inside (no scrollbar) and the screen's box, in CSS px. */
async function previewWidths(desk: Page): Promise<{ frame: number; screen: number; scrolls: boolean }> {
  return desk.getByTestId('studio-preview').evaluate((phone) => ({
    frame: phone.clientWidth,
    screen: (phone.querySelector('.studio-phone-app') as HTMLElement).getBoundingClientRect().width,
    scrolls: phone.scrollHeight > phone.clientHeight,
  }));
}

test('the preview renders a long screen at the phone width of 390 CSS px on a laptop', async ({ page: desk, request }) => {
  const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  await openWithSession(desk, token, '/studio', 'EN');
  await desk.getByTestId('screen-home').click();
  await expect(desk.getByTestId('studio-preview').locator('nav.tab-bar')).toBeVisible();
  await expect.poll(async () => (await previewWidths(desk)).scrolls).toBe(true);
  expect(await previewWidths(desk)).toEqual({ frame: 390, screen: 390, scrolls: true });
  await desk.screenshot({ path: shotPath('studio-preview-width-1280.png') });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the preview takes the whole width: the screen is 390 CSS px wide, as on the phone', async ({ page: desk, request }) => {
    const token = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
    await openWithSession(desk, token, '/studio', 'EN');
    await desk.getByTestId('screen-home').click();
    const preview = desk.getByTestId('studio-preview');
    await expect(preview.locator('nav.tab-bar')).toBeVisible();
    expect(await previewWidths(desk)).toMatchObject({ frame: 390, screen: 390 });
    const box = (await preview.boundingBox())!;
    expect(box).toMatchObject({ x: 0, width: 390 });
    // Spanning the width does not make the studio page scroll sideways.
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await preview.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: shotPath('studio-preview-width-390.png') });
  });
});

/** /corporationSelect at 390×844 shows the company's built-in profile without placeholder text. */
import { expect, test } from './test';
import { openWithSession, registerByApi } from './helpers';

test('the company profile names its registration and holds no placeholder', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/corporationSelect');
  await expect(page.getByText('CIN U67190MH2026PTC412345')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/placeholder|Platzhalter/i);
});

/**
 * The operator manages news, banners and company information in /admin, and
 * investors see the result.
 */
import { expect, test, type APIRequestContext } from './test';
import { demoOperator, openWithSession, registerByApi, confirmCommand } from './helpers';

async function operatorToken(request: APIRequestContext) {
  const response = await request.post('/api/user/login', { data: demoOperator() });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

test('publish an article and a banner, edit the company tagline', async ({ page, request }) => {
  let headline = `Quartalszahlen ${Date.now().toString(36)}`;
  const token = await operatorToken(request);
  await openWithSession(page, token, '/admin');
  await page.getByRole('button', { name: 'News' }).click();
  await expect(page).toHaveURL(/\/adminNews$/);
  const form = page.getByTestId('form-newArticle');
  await form.getByLabel('Überschrift').fill(headline);
  await form.getByLabel('Artikel (HTML)').fill('<p>Umsatz <b>plus 12 %</b>.</p><script>alert(1)</script>');
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toContainText('Gespeichert');
  await expect(page.getByTestId('list-articles')).toContainText(headline);

  // Edit it: the list opens the article in its edit form.
  await page.getByTestId('list-articles').getByTestId('list-row').filter({ hasText: headline }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/adminNewsEdit\?id=/);
  const edit = page.getByTestId('form-article');
  await expect(edit.getByLabel('Überschrift')).toHaveValue(headline);
  headline = `${headline} (aktualisiert)`;
  await edit.getByLabel('Überschrift').fill(headline);
  await edit.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/adminNews$/);
  await expect(page.getByTestId('list-articles')).toContainText(headline);

  await page.goto('/adminBanners');
  const banner = page.getByTestId('form-newBanner');
  await banner.getByRole('textbox', { name: 'Titel', exact: true }).fill('Jetzt handeln');
  await banner.getByLabel('Link').fill('/market');
  await banner.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('list-banners')).toContainText('Jetzt handeln');

  await page.goto('/adminCompany');
  const company = page.getByTestId('form-company-de');
  await expect(company.getByLabel('Firmenname')).not.toHaveValue('');
  await company.getByLabel('Slogan').fill('Investieren, einfach gemacht');
  await company.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toContainText('Gespeichert');

  // An investor sees all three.
  const investor = await registerByApi(request);
  await openWithSession(page, investor.token, '/home');
  await expect(page.getByText(headline)).toBeVisible();
  await page.getByText(headline).click();
  await expect(page.getByTestId('article')).toContainText('plus 12 %');
  expect(await page.getByTestId('article').innerHTML()).not.toContain('<script');
  await page.goto('/corporationSelect');
  await expect(page.getByTestId('article')).toContainText('Investieren, einfach gemacht');
  const banners = await request.post('/api/advertisement/get', { data: {} });
  expect(JSON.stringify(await banners.json())).toContain('Jetzt handeln');

  // Leave the shared e2e server's content as the demo seed had it (other specs read /home).
  const auth = { authorization: `Bearer ${token}` };
  const list = (await (await request.post('/api/admin/news/list', { headers: auth, data: { pageSize: 50 } })).json()) as { data: { items: Array<{ id: string; title: string }> } };
  await request.post('/api/admin/news/delete', { headers: auth, data: { id: list.data.items.find((n) => n.title === headline)!.id } });
  const slides = (await (await request.post('/api/admin/banners/list', { headers: auth, data: {} })).json()) as { data: Array<{ id: string; title: string }> };
  await request.post('/api/admin/banners/delete', { headers: auth, data: { id: slides.data.find((b) => b.title === 'Jetzt handeln')!.id } });
});

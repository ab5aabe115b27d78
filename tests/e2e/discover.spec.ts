/**
 * The offerings can be found at 390×844: IPO, ETF, block trading, gather and AI baskets are
 * each one tap from the "Entdecken" section on /home and two taps from /home through the
 * profile tab or the side drawer.
 */
import path from 'node:path';
import { expect, test } from './test';
import { openWithSession, registerByApi, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

const OFFERINGS = [
  ['Börsengänge (IPO)', '/ipo'],
  ['ETFs', '/etf'],
  ['Blockhandel', '/blockTrading'],
  ['Sammeln', '/gather'],
  ['KI-Blockhandel', '/aiBlockTrading'],
] as const;

test('each offering is reachable from /home: Entdecken, the profile tab and the drawer', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/home');
  const discover = page.getByTestId('menu-discover');
  await expect(discover.getByRole('heading', { name: 'Entdecken' })).toBeVisible();
  await expect(discover.getByRole('button')).toHaveCount(OFFERINGS.length);
  await discover.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'home-discover.png') });

  // Back to /home in the app (history and the tab bar), not by loading the page again.
  const tabs = page.getByRole('navigation', { name: 'tabs' });
  const backHome = async () => {
    await page.goBack();
    if (!/\/home$/.test(page.url())) await tabs.getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveURL(/\/home$/);
  };
  for (const [label, route] of OFFERINGS) {
    // One tap on /home.
    await page.getByTestId('menu-discover').getByRole('button', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await backHome();

    // Two taps: the profile tab, then the entry.
    await tabs.getByRole('link', { name: 'Profil' }).click();
    await page.getByTestId('menu-discover').getByRole('button', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await backHome();

    // Two taps: the drawer, then the entry.
    await page.getByTestId('open-drawer').click();
    await page.getByTestId('drawer').getByTestId('menu-discover').getByRole('button', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await backHome();
  }
});

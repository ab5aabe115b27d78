import { chromium } from 'playwright-core';
import fs from 'node:fs';
const creds = JSON.parse(fs.readFileSync('/tmp/tmp.9RrVdSMNYy/demo-credentials.json', 'utf8'));
const login = await (await fetch('http://127.0.0.1:4999/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(creds.investor) })).json();
const token = login.data.token;
const mode = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
await context.addInitScript((t) => { localStorage.setItem('token', t); localStorage.setItem('lang', 'DE'); }, token);
const source = fs.readFileSync('node_modules/axe-core/axe.js', 'utf8');
const routes = ['/home', '/market', '/position', '/ipo', '/my', '/bill', '/withdraw', '/pay'];
let page = await context.newPage();
const t0 = Date.now();
for (let i = 0; i < 40; i++) {
  if (mode === 'new') { await page.close(); page = await context.newPage(); }
  await page.goto('http://127.0.0.1:4999' + routes[i % routes.length]);
  await page.locator('.skeleton').first().waitFor({ state: 'detached' }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(source);
  await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  await page.screenshot();
}
console.log(mode, 'wall', Date.now() - t0);
await browser.close();

/**
 * News, banners and public configuration, and the operator calls that manage
 * them: per-language paged news with the demo seed, server-side HTML sanitizing, drafts
 * hidden, banner link rules, company information, audit rows, investor tokens refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaTime } from '../../src/shared/india-time.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { createUser } from '../../src/server/domain/users.js';

interface NewsPage {
  items: Array<{ id: string; title: string; demo: boolean; publishedAt: number }>;
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
}

let server: TestServer;
let operator: string;
let investor: string;

beforeAll(async () => {
  server = await startTestServer();
  await createUser(server.deps, { email: 'content-ops@example.com', password: 'operator-pass-1', role: 'operator' });
  operator = expectOk(await server.call<{ token: string }>('user/login', { email: 'content-ops@example.com', password: 'operator-pass-1' })).token;
  investor = (await server.registerUser()).token;
});
afterAll(async () => {
  await server?.stop();
});

const audit = () => server.deps.db.selectFrom('audit_log').selectAll().orderBy('created_at', 'asc').execute();

describe('news', () => {
  it('lists the demo articles in the reader’s language, newest first, paged', async () => {
    const de = expectOk(await server.call<NewsPage>('news/list', {}, { lang: 'de' }));
    const en = expectOk(await server.call<NewsPage>('news/list', {}, { lang: 'en' }));
    expect(de.total).toBe(4);
    expect(de.items[0]!.title).toBe('So liest du NIFTY 50 und SENSEX');
    expect(en.items[0]!.title).toBe('How to read the NIFTY 50 and SENSEX');
    expect(de.items.every((i) => i.demo)).toBe(true);
    const times = de.items.map((i) => i.publishedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page1 = expectOk(await server.call<NewsPage>('news/list', { page: 1, pageSize: 3 }, { lang: 'zh_CN' }));
    const page2 = expectOk(await server.call<NewsPage>('news/list', { page: 2, pageSize: 3 }, { lang: 'zh_CN' }));
    expect([page1.hasMore, page2.hasMore]).toEqual([true, false]);
    expect(page2.items).toHaveLength(1);
    expectCall(await server.call('news/list', { pageSize: 500 }), 400, 1000);
  });

  it('opens an article with sanitized HTML and refuses unknown ids', async () => {
    const [first] = expectOk(await server.call<NewsPage>('news/list', {}, { lang: 'en' })).items;
    const article = expectOk(await server.call<{ html: string; title: string }>('news/newsDetails', { id: first!.id }));
    expect(article.title).toBe(first!.title);
    expect(article.html).toContain('<strong>NIFTY 50</strong>');
    const missing = expectCall(await server.call('news/newsDetails', { id: 'nope' }, { lang: 'en' }), 404, 1310);
    expect(missing.message).toBe('This article was not found.');
  });

  it('lets operators publish, edit and delete articles, sanitized and audited', async () => {
    const created = expectOk(
      await server.call<{ id: string }>(
        'admin/news/save',
        { lang: 'en', title: 'Operator note', bodyHtml: '<p onclick="steal()">Safe <b>text</b></p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>', status: 'published', symbols: ['tcs'] },
        { token: operator },
      ),
    );
    const article = expectOk(await server.call<{ html: string; summary: string; symbols: string[] }>('news/newsDetails', { id: created.id }));
    expect(article.html).toBe('<p>Safe <b>text</b></p><span>x</span>'); // a javascript: link becomes its text
    expect(article.summary).toBe('Safe text x');
    expect(article.symbols).toEqual(['TCS']);
    expect(expectOk(await server.call<NewsPage>('news/list', {}, { lang: 'en' })).items[0]!.title).toBe('Operator note');

    expectOk(await server.call('admin/news/save', { id: created.id, lang: 'en', title: 'Operator draft', bodyHtml: '<p>later</p>', status: 'draft' }, { token: operator }));
    expectCall(await server.call('news/newsDetails', { id: created.id }), 404, 1310); // drafts are not public
    const adminList = expectOk(await server.call<NewsPage>('admin/news/list', { lang: 'en' }, { token: operator }));
    expect(adminList.items.find((i) => i.id === created.id)).toMatchObject({ title: 'Operator draft', status: 'draft' });

    expectOk(await server.call('admin/news/delete', { id: created.id }, { token: operator }));
    expectCall(await server.call('admin/news/delete', { id: created.id }, { token: operator }), 404, 1310);
    const actions = (await audit()).filter((row) => row.entity === 'news' && row.entity_id === created.id).map((row) => row.action);
    expect(actions).toEqual(['news.create', 'news.update', 'news.delete']);
  });
});

describe('banners', () => {
  it('lists the demo slides per language in order', async () => {
    const slides = expectOk(await server.call<Array<{ title: string; order: number; link: string; demo: boolean }>>('advertisement/get', {}, { lang: 'en' }));
    expect(slides.map((s) => s.order)).toEqual([0, 1, 2]);
    expect(slides[0]).toMatchObject({ title: 'Every NIFTY 50 stock, live', link: '/market', demo: true });
    const hi = expectOk(await server.call<Array<{ title: string }>>('advertisement/get', {}, { lang: 'hi' }));
    expect(hi[0]!.title).toBe('NIFTY 50 के सभी शेयर, लाइव');
  });

  it('takes the article form whole (one schema): the edit form gets back every field, publishing time in India time', async () => {
    const form = { lang: 'en', title: 'RBI holds rates', summary: 'Repo unchanged', bodyHtml: '<p>Repo at 6.5 %</p>', imageUrl: '/uploads/rbi.png', source: 'Nivesh desk', symbols: ['HDFCBANK', 'SBIN'], status: 'published', publishedAt: '2026-11-20T10:30' };
    const { id } = expectOk(await server.call<{ id: string }>('admin/news/save', form, { token: operator }));
    expect(expectOk(await server.call('admin/news/get', { id }, { token: operator }))).toEqual({ id, ...form });
    const published = expectOk(await server.call<{ publishedAt: number; source: string; imageUrl: string }>('news/newsDetails', { id }));
    expect(published).toMatchObject({ publishedAt: indiaTime(2026, 11, 20, 10, 30), source: 'Nivesh desk', imageUrl: '/uploads/rbi.png' });
    // API clients may still send epoch ms.
    expectOk(await server.call('admin/news/save', { ...form, id, publishedAt: indiaTime(2026, 11, 21, 9, 0) }, { token: operator }));
    expect(expectOk(await server.call('admin/news/get', { id }, { token: operator }))).toMatchObject({ publishedAt: '2026-11-21T09:00', symbols: ['HDFCBANK', 'SBIN'] });
    // What the form cannot send is refused, and nothing changes.
    for (const bad of [{ symbols: Array.from({ length: 11 }, (_, i) => `S${i}`) }, { publishedAt: 'yesterday' }, { publishedAt: '2026-13-45T10:00' }, { status: 'live' }, { author: 'x' }]) {
      expect((await server.call('admin/news/save', { ...form, id, ...bad }, { token: operator })).body.code, JSON.stringify(bad)).not.toBe(200);
    }
    expect(expectOk(await server.call('admin/news/get', { id }, { token: operator }))).toMatchObject({ publishedAt: '2026-11-21T09:00', status: 'published' });
  });

  it('lets operators add an all-language slide and refuses unsafe links', async () => {
    const { id } = expectOk(await server.call<{ id: string }>('admin/banners/save', { title: 'IPO week', subtitle: 'Soon', link: 'https://nivesh.example/ipo', order: 9 }, { token: operator }));
    for (const lang of ['de', 'zh_CN']) {
      const slides = expectOk(await server.call<Array<{ id: string }>>('advertisement/get', {}, { lang }));
      expect(slides.at(-1)!.id).toBe(id);
    }
    expectCall(await server.call('admin/banners/save', { title: 'x', link: 'javascript:alert(1)' }, { token: operator }), 400, 1312);
    expectCall(await server.call('admin/banners/save', { title: 'x', imageUrl: 'http://insecure.example/a.png' }, { token: operator }), 400, 1312);
    expectOk(await server.call('admin/banners/save', { id, title: 'IPO week', active: false }, { token: operator }));
    expect(expectOk(await server.call<Array<{ id: string }>>('advertisement/get', {}, { lang: 'de' })).some((s) => s.id === id)).toBe(false);
    expectOk(await server.call('admin/banners/delete', { id }, { token: operator }));
    expectCall(await server.call('admin/banners/save', { id, title: 'gone' }, { token: operator }), 404, 1311);
    expect((await audit()).filter((row) => row.entity_id === id).map((row) => row.action)).toEqual(['banner.create', 'banner.update', 'banner.delete']);
  });

  it('takes the banner form whole (one schema): the edit form gets back every field it sends', async () => {
    const form = { lang: 'en', title: 'Gold ETF', subtitle: 'Now listed', imageUrl: '/uploads/gold.png', link: '/etf', tone: 'sky', order: 4, active: true };
    const { id } = expectOk(await server.call<{ id: string }>('admin/banners/save', form, { token: operator }));
    expect(expectOk(await server.call('admin/banners/get', { id }, { token: operator }))).toEqual({ id, ...form });
    // Saving the edit form unchanged keeps language, image and tone (the form must not drop them).
    expectOk(await server.call('admin/banners/save', { id, ...form, link: null, lang: null }, { token: operator }));
    expect(expectOk(await server.call('admin/banners/get', { id }, { token: operator }))).toMatchObject({ lang: null, imageUrl: '/uploads/gold.png', tone: 'sky', link: '' });
    // The form's schema refuses what the form cannot send, and nothing changes.
    for (const bad of [{ tone: 'neon' }, { lang: 'fr' }, { order: -1 }, { colour: 'red' }]) {
      expect((await server.call('admin/banners/save', { id, ...form, ...bad }, { token: operator })).body.code).not.toBe(200);
    }
    expect(expectOk(await server.call('admin/banners/get', { id }, { token: operator }))).toMatchObject({ tone: 'sky', order: 4 });
  });
});

describe('config/getSystemConfig', () => {
  it('returns the requested public keys', async () => {
    const config = expectOk(await server.call<Record<string, any>>('config/getSystemConfig', { keys: ['currency', 'depositWindow', 'withdrawalWindow', 'withdrawalFeeRatio', 'minimums', 'features', 'market'] }));
    expect(config).toMatchObject({
      currency: { code: 'EUR' },
      depositWindow: { start: '09:00', end: '22:00', timeZone: 'Asia/Kolkata' },
      withdrawalWindow: { start: '09:30', end: '17:30', weekdaysOnly: true },
      withdrawalFeeRatio: 0.03,
      minimums: { institutionDeposit: 2000 },
      features: { markets: true, trading: true, updown: true, ipo: true, etf: true },
      market: { provider: 'simulated', real: false, session: { open: '09:15', close: '15:30' } },
    });
    const all = expectOk(await server.call<Record<string, unknown>>('config/getSystemConfig', {}));
    expect(Object.keys(all)).toContain('company');
    expectCall(await server.call('config/getSystemConfig', { keys: ['secret'] }), 400, 1313);
  });

  it('serves company information that operators edit, per language, audited', async () => {
    const before = expectOk(await server.call<{ company: { name: string; aboutHtml: string } }>('config/getSystemConfig', { keys: ['company'] }, { lang: 'de' }));
    expect(before.company.name).toBe('Nivesh Technologies Pvt. Ltd.');
    expectOk(
      await server.call(
        'admin/company/save',
        { lang: 'de', name: 'Nivesh GmbH', tagline: 'Hallo', aboutHtml: '<p>Über uns</p><script>x</script>', address: 'Mumbai', email: 'hi@nivesh.example', phone: '+91 1', website: 'https://nivesh.example', registration: 'CIN X' },
        { token: operator },
      ),
    );
    const after = expectOk(await server.call<{ company: { name: string; aboutHtml: string } }>('config/getSystemConfig', { keys: ['company'] }, { lang: 'de' }));
    expect(after.company).toMatchObject({ name: 'Nivesh GmbH', aboutHtml: '<p>Über uns</p>' });
    const en = expectOk(await server.call<{ company: { name: string } }>('config/getSystemConfig', { keys: ['company'] }, { lang: 'en' }));
    expect(en.company.name).toBe('Nivesh Technologies Pvt. Ltd.');
    expect((await audit()).some((row) => row.action === 'company.update' && row.entity_id === 'de')).toBe(true);
    expect(expectOk(await server.call<Record<string, { name: string }>>('admin/company/get', {}, { token: operator })).de!.name).toBe('Nivesh GmbH');
  });
});

describe('operator calls', () => {
  it('refuse investors and visitors', async () => {
    for (const name of ['admin/news/list', 'admin/banners/list', 'admin/company/get']) {
      expectCall(await server.call(name, {}, { token: investor }), 403, 1040);
      expectCall(await server.call(name, {}), 401, 501);
    }
    expectCall(await server.call('admin/news/save', { lang: 'en', title: 't', bodyHtml: 'b', status: 'published' }, { token: investor }), 403, 1040);
  });
});

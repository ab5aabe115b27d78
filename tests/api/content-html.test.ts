/**
 * Content HTML is served sanitised even when a stored row holds hostile HTML (written before
 * the rules or straight into the database): no style, script, form, frame, object, handler,
 * `javascript:`/`data:` link; a link to a foreign origin becomes its text unless the origin is
 * in `CONTENT_LINK_ORIGINS`, and an allowed one opens with `rel="noopener noreferrer"` and the
 * `external` marker. Saving such HTML stores it sanitised.
 */
import { describe, expect, it } from 'vitest';
import { useServerWithRoles } from '../support/roles.js';
import { expectOk } from '../support/envelope.js';
import { ALLOWED_ORIGIN, MALICIOUS_HTML } from '../support/malicious-html.js';

const ctx = useServerWithRoles({ LOGIN_PER_IP_PER_15MIN: '1000', CONTENT_LINK_ORIGINS: ALLOWED_ORIGIN });

function expectHarmless(html: string) {
  for (const bad of ['<style', 'style=', '<script', '<form', '<input', '<button', '<iframe', '<object', 'onclick', 'onerror', 'javascript:', 'data:', 'evil.example']) {
    expect(html).not.toContain(bad);
  }
  expect(html).toContain('<span>Deposit to our new account</span>');
  expect(html).toContain(`<a href="${ALLOWED_ORIGIN}/market-data" target="_blank" rel="noopener noreferrer" class="external">NSE market data</a>`);
  expect(html).toContain('<a href="/market">Markets</a>');
}

describe('content HTML', () => {
  it('a stored article with hostile HTML is served sanitised', async () => {
    const { id } = expectOk(await ctx.server.call<{ id: string }>('admin/news/save', { lang: 'en', title: 'Market update', bodyHtml: '<p>x</p>', status: 'published' }, { token: ctx.operator }));
    // As if written before the rules: straight into the row.
    await ctx.server.deps.db.updateTable('news').set({ body_html: MALICIOUS_HTML }).where('id', '=', id).execute();
    expectHarmless(expectOk(await ctx.server.call<{ html: string }>('news/newsDetails', { id }, { token: ctx.investor })).html);
  });

  it('saving hostile HTML stores it sanitised (news and company texts)', async () => {
    const { id } = expectOk(await ctx.server.call<{ id: string }>('admin/news/save', { lang: 'en', title: 'Update 2', bodyHtml: MALICIOUS_HTML, status: 'published' }, { token: ctx.operator }));
    expectHarmless((await ctx.server.deps.db.selectFrom('news').select('body_html').where('id', '=', id).executeTakeFirstOrThrow()).body_html);

    const company = expectOk(await ctx.server.call<Record<string, Record<string, unknown>>>('admin/company/get', {}, { token: ctx.operator })).en!;
    expectOk(await ctx.server.call('admin/company/save', { ...company, lang: 'en', aboutHtml: MALICIOUS_HTML }, { token: ctx.operator }));
    const stored = await ctx.server.deps.db.selectFrom('site_content').select('value_json').where('key', '=', 'company.en').executeTakeFirstOrThrow();
    expectHarmless(JSON.parse(stored.value_json).aboutHtml);
    // And a row written around the rules is cleaned on the way out.
    await ctx.server.deps.db.updateTable('site_content').set({ value_json: JSON.stringify({ ...JSON.parse(stored.value_json), aboutHtml: MALICIOUS_HTML }) }).where('key', '=', 'company.en').execute();
    expectHarmless(expectOk(await ctx.server.call<Record<string, { aboutHtml: string }>>('admin/company/get', {}, { token: ctx.operator })).en!.aboutHtml);
  });
});

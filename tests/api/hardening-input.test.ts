/**
 * Input hardening: a U+0000 anywhere in a body, query or path is refused at
 * validation for every registered call (code 1000, the field named) and changes nothing —
 * on SQLite and PostgreSQL (PostgreSQL cannot store U+0000, so it must never reach the
 * database); parameters read from the query string when the body is empty
 * (docs/product.md, Calls); a body nested deeper than 64 levels is refused the same way
 * (code 1000, the field path), before anything walks it.
 */
import { describe, expect, it } from 'vitest';
import { useServerWithRoles } from '../support/roles.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';

const ctx = useServerWithRoles();

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'sessions', 'mail_outbox', 'journal_entries', 'audit_log', 'deposits', 'withdrawals', 'bank_accounts'] as const) {
    const row = await ctx.server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

interface FieldErrors {
  errors: Array<{ field: string; message: string }>;
}


const nulText = localeText('en', 'validation.nulByte');

describe('NUL bytes (every registered call)', () => {
  it('knows a good number of calls', () => {
    expect(ctx.server.calls.names.size).toBeGreaterThan(40);
  });

  it('refuses U+0000 in a body field with 1000 naming the field, changing nothing', async () => {
    const before = await rowCounts();
    for (const name of [...ctx.server.calls.names].sort()) {
      for (const token of [undefined, ctx.investor, ctx.operator]) {
        const res = await ctx.server.call<FieldErrors>(name, { email: 'a@b.c', id: 'x\u0000y', nested: { list: ['ok', 'bad\u0000'] } }, { token });
        const body = expectCall(res, 400, 1000);
        expect(body.data.errors[0]).toEqual({ field: 'id', message: `id: ${nulText}` });
        expect(body.message).toBe(`id: ${nulText}`);
      }
    }
    const nested = await ctx.server.call<FieldErrors>('news/newsDetails', { nested: { list: ['ok', 'bad\u0000'] } });
    expect(expectCall(nested, 400, 1000).data.errors[0]!.field).toBe('nested.list[1]');
    const key = await ctx.server.call<FieldErrors>('news/newsDetails', { ['i\u0000d']: '1' });
    expect(expectCall(key, 400, 1000).data.errors[0]!.field).toBe('i\\0d');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses U+0000 in the query string and in the path, for every call', async () => {
    for (const name of [...ctx.server.calls.names].sort()) {
      const query = await ctx.server.app.inject({ method: 'POST', url: `/api/${name}?lang=en&id=1%00`, headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.operator}` }, payload: '{}' });
      expect(query.statusCode, name).toBe(400);
      expect(query.json()).toMatchObject({ code: 1000, data: { errors: [{ field: 'id' }] } });
      const lang = await ctx.server.app.inject({ method: 'POST', url: `/api/${name}?lang=e%00n`, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(lang.json()).toMatchObject({ code: 1000, data: { errors: [{ field: 'lang' }] } });
      const path = await ctx.server.app.inject({ method: 'POST', url: `/api/${name}%00?lang=en`, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(path.statusCode, name).toBe(400);
      expect(path.json()).toMatchObject({ code: 1000, data: { errors: [{ field: 'path' }] } });
    }
    const file = await ctx.server.app.inject({ method: 'GET', url: '/api/oss/file/abc%00def?lang=en', headers: { authorization: `Bearer ${ctx.investor}` } });
    expect(file.json()).toMatchObject({ code: 1000, data: { errors: [{ field: 'path' }] } });
    const stream = await ctx.server.app.inject({ method: 'GET', url: '/api/markets/stream?symbols=TCS%00' });
    expect(stream.json()).toMatchObject({ code: 1000, data: { errors: [{ field: 'symbols' }] } });
  });

  it('the public news/newsDetails answers 1000, not 500, in every language', async () => {
    for (const lang of ['de', 'en', 'hi', 'zh'] as const) {
      const res = await ctx.server.call<FieldErrors>('news/newsDetails', { id: '1\u0000' }, { lang });
      expectCall(res, 400, 1000);
      expect(res.body.message).toBe(`id: ${localeText(lang, 'validation.nulByte')}`);
    }
  });
});

describe('deeply nested bodies (every registered call)', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const tooDeep = localeText('en', 'validation.tooDeep').replace('{max}', '64');

  it('refuses a body nested 20,000 deep with 1000 naming the field path, never 500, changing nothing', async () => {
    const before = await rowCounts();
    const payload = deep(20_000);
    const field = Array.from({ length: 64 }, () => 'a').join('.');
    for (const name of [...ctx.server.calls.names].sort()) {
      for (const token of [undefined, ctx.operator]) {
        const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
        const res = await ctx.server.app.inject({ method: 'POST', url: `/api/${name}?lang=en`, headers, payload });
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({ code: 1000, data: { errors: [{ field, message: `${field}: ${tooDeep}` }] } });
      }
    }
    const array = await ctx.server.app.inject({ method: 'POST', url: '/api/user/login?lang=en', headers: { 'content-type': 'application/json' }, payload: `{"email":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
    expect(array.json()).toMatchObject({ code: 1000, data: { errors: [{ field: `email${'[0]'.repeat(63)}` }] } });
    expect(await rowCounts()).toEqual(before);
  });

  it('lets 64 levels through to the call and refuses 65', async () => {
    const ok = await ctx.server.app.inject({ method: 'POST', url: '/api/news/newsDetails?lang=en', headers: { 'content-type': 'application/json' }, payload: `{"id":"1","x":${deep(63)}}` });
    expect(ok.json().data?.errors?.[0]?.message ?? '').not.toContain(tooDeep);
    const refused = await ctx.server.app.inject({ method: 'POST', url: '/api/news/newsDetails?lang=de', headers: { 'content-type': 'application/json' }, payload: `{"id":"1","x":${deep(64)}}` });
    expect(refused.json()).toMatchObject({ code: 1000, message: `x${'.a'.repeat(63)}: ${localeText('de', 'validation.tooDeep').replace('{max}', '64')}` });
  });
});

describe('parameters from the query string (docs/product.md, Calls)', () => {
  it('news/newsDetails?id= answers like a body', async () => {
    const list = expectOk(await ctx.server.call<{ items: Array<{ id: string; title: string }> }>('news/list', {}));
    const first = list.items[0]!;
    const res = await ctx.server.app.inject({ method: 'POST', url: `/api/news/newsDetails?lang=en&id=${encodeURIComponent(first.id)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: first.id, title: first.title });
    const viaBody = expectOk(await ctx.server.call<{ id: string }>('news/newsDetails', { id: first.id }));
    expect(res.json().data).toEqual(viaBody);
    const empty = await ctx.server.app.inject({ method: 'POST', url: `/api/news/newsDetails?lang=en&id=${encodeURIComponent(first.id)}`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(empty.json().data).toEqual(viaBody);
  });

  it('coerces numbers and lists from the query and still validates them', async () => {
    const paged = await ctx.server.app.inject({ method: 'POST', url: '/api/news/list?lang=en&page=1&pageSize=2' });
    expect(paged.json()).toMatchObject({ code: 200, data: { page: 1, pageSize: 2 } });
    const bad = await ctx.server.app.inject({ method: 'POST', url: '/api/news/list?lang=en&page=abc' });
    expect(bad.json()).toMatchObject({ code: 1000 });
    const unknown = await ctx.server.app.inject({ method: 'POST', url: '/api/news/list?lang=en&nope=1' });
    expect(unknown.json()).toMatchObject({ code: 1001 });
    const config = await ctx.server.app.inject({ method: 'POST', url: '/api/config/getSystemConfig?lang=en&keys=currency,features' });
    expect(Object.keys(config.json().data).sort()).toEqual(['currency', 'features']);
  });

  it('a body, when given, wins over the query', async () => {
    const res = await ctx.server.app.inject({ method: 'POST', url: '/api/config/getSystemConfig?lang=en&keys=currency', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ keys: ['features'] }) });
    expect(Object.keys(res.json().data)).toEqual(['features']);
  });
});

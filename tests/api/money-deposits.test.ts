/**
 * Deposits (docs/product.md, Deposits): `pay/getTime`, `pay/recharge`
 * validation, the India-time window at its edges, the institution minimum, UTR format and
 * uniqueness, the screenshot as one of the caller's own uploads, records and detail
 * with isolation between users, and the operator's queue, detail and approve / reject with
 * audit. Invariants are checked after every test.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { formatMoney } from '../../src/shared/format.js';
import { assets, entryCount, investor, newUtr, rechargeBody, reportDeposit, uploadScreenshot, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer();

interface DepositView {
  id: string;
  amount: number;
  channel: string;
  bank: { id: string; bankName: string; accountNumberMasked: string } | null;
  bankName: string | null;
  accountNumberMasked: string | null;
  utr: string;
  screenshotId: string;
  screenshotUrl: string;
  status: string;
  statusLabel: string;
  rejectReason: string | null;
  payTime: number;
  reviewedAt: number | null;
}
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const recharge = (token: string, body: unknown, lang = 'en') => ctx.server.call<{ id: string }>('pay/recharge', body, { token, lang });

/** Asserts a refused recharge with `code` that wrote no deposit. */
async function expectRefused(token: string, body: unknown, status: number, code: number, text?: string) {
  const before = await ctx.server.deps.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const res = await recharge(token, body);
  expectCall(res, status, code);
  if (text) expect(res.body.message).toContain(text);
  const after = await ctx.server.deps.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
  return res;
}

describe('pay/getTime', () => {
  it('answers the configured window in India time, whether it is open, and the institution minimum', async () => {
    const user = await investor(ctx.server);
    const terms = expectOk(await ctx.server.call('pay/getTime', {}, { token: user.token }));
    expect(terms).toEqual({ start: '09:00', end: '22:00', timeZone: 'Asia/Kolkata', open: true, opensAt: null, institutionMinimum: 2000 });
    ctx.server.clock.set(indiaTime(2026, 11, 23, 22, 0));
    // Closed: the answer names the next opening, the next morning at 09:00 India time.
    expect(expectOk(await ctx.server.call<{ open: boolean; opensAt: number | null }>('pay/getTime', {}, { token: user.token }))).toMatchObject({ open: false, opensAt: indiaTime(2026, 11, 24, 9, 0) });
  });

  it('needs a token (501)', async () => {
    expectCall(await ctx.server.call('pay/getTime', {}), 401, 501);
  });
});

describe('pay/recharge window (India time)', () => {
  const cases: Array<[string, number, boolean]> = [
    ['08:59:59', indiaTime(2026, 11, 24, 8, 59, 59), false],
    ['09:00:00', indiaTime(2026, 11, 24, 9, 0, 0), true],
    ['21:59:59', indiaTime(2026, 11, 24, 21, 59, 59), true],
    ['22:00:00', indiaTime(2026, 11, 24, 22, 0, 0), false],
    ['Saturday 12:00 (deposits are every day)', indiaTime(2026, 11, 28, 12, 0), true],
  ];
  it.each(cases)('at %s (epoch ms %s) → accepted: %s', async (_label, instant, open) => {
    const user = await investor(ctx.server);
    ctx.server.clock.set(instant);
    if (open) {
      expectOk(await recharge(user.token, rechargeBody(user, 100)));
    } else {
      await expectRefused(user.token, rechargeBody(user, 100), 400, 1200, 'Please transfer in/out during the specified time 09:00 to 22:00');
    }
  });

  it('localizes the window message (German, Chinese)', async () => {
    const user = await investor(ctx.server);
    ctx.server.clock.set(indiaTime(2026, 11, 24, 22, 30));
    const de = await recharge(user.token, rechargeBody(user, 100), 'de');
    expectCall(de, 400, 1200);
    expect(de.body.message).toBe('Bitte zahle nur im angegebenen Zeitraum von 09:00 bis 22:00 ein oder aus.');
    const zh = await recharge(user.token, rechargeBody(user, 100), 'zh_CN');
    expect(zh.body.message).toBe('请在规定时间 09:00 至 22:00 内进行充值或提现');
  });
});

describe('pay/recharge validation', () => {
  it('accepts a bank deposit and keeps it pending review; nothing is posted', async () => {
    const user = await investor(ctx.server);
    const entries = await entryCount(ctx.server);
    const { id } = expectOk(await recharge(user.token, rechargeBody(user, 1234.56)));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const detail = expectOk(await ctx.server.call<DepositView>('pay/rechargeDetail', { id }, { token: user.token }));
    expect(detail).toMatchObject({ id, amount: 1234.56, channel: 'bank', bank: null, bankName: null, accountNumberMasked: null, status: 'pending', statusLabel: 'Pending review', rejectReason: null, reviewedAt: null });
    expect(detail).toMatchObject({ screenshotId: user.screenshotId, screenshotUrl: `/api/oss/file/${user.screenshotId}` });
    expect(detail.payTime).toBe(ctx.server.clock.now());
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 0, held: 0, total: 0 });
  });

  it("says 'Cannot be Empty' for a missing or empty UTR and amount", async () => {
    const user = await investor(ctx.server);
    const required = localeText('en', 'validation.required');
    await expectRefused(user.token, { ...rechargeBody(user, 100), utr: '' }, 400, 1000, `UTR number: ${required}`);
    const noAmount = rechargeBody(user, 100);
    delete noAmount.amount;
    await expectRefused(user.token, noAmount, 400, 1000, `Amount: ${required}`);
    await expectRefused(user.token, { ...rechargeBody(user, 100), amount: '' }, 400, 1000, required);
  });

  it('accepts amounts with up to 2 decimals (0.29, 19.99, 1234567.89) and refuses 3 decimals, 0, negatives and too much', async () => {
    const user = await investor(ctx.server);
    for (const amount of [0.29, 19.99, 0.07, 1234567.89]) expectOk(await recharge(user.token, rechargeBody(user, amount)));
    await expectRefused(user.token, rechargeBody(user, 1.005), 400, 1000, localeText('en', 'validation.amountDecimals'));
    await expectRefused(user.token, rechargeBody(user, 0), 400, 1000, 'At least 0,01\u00a0€');
    await expectRefused(user.token, rechargeBody(user, -5), 400, 1000);
    // Above the form's maximum: the refusal names it as money.
    await expectRefused(user.token, rechargeBody(user, 10_000_000.01), 400, 1217, 'The amount must be at most 10.000.000,00\u00a0€.');
    await expectRefused(user.token, rechargeBody(user, Number.NaN), 400, 1000);
  });

  it('enforces the institution minimum (2000) and lets the bank channel go below it', async () => {
    const user = await investor(ctx.server);
    await expectRefused(user.token, rechargeBody(user, 1999.99, { channel: 'institution' }), 400, 1204, `The minimum institution deposit is ${formatMoney(2000)}.`);
    expectOk(await recharge(user.token, rechargeBody(user, 2000, { channel: 'institution' })));
    expectOk(await recharge(user.token, rechargeBody(user, 1999.99, { channel: 'bank' })));
    await expectRefused(user.token, rechargeBody(user, 100, { channel: 'cash' }), 400, 1000);
  });

  it('accepts 12-digit (UPI/IMPS) and 16–22 character (NEFT/RTGS) UTRs and refuses other shapes', async () => {
    const user = await investor(ctx.server);
    expectOk(await recharge(user.token, rechargeBody(user, 10, { utr: '123456789012' })));
    expectOk(await recharge(user.token, rechargeBody(user, 10, { utr: 'HDFCN52026112300001' })));
    expectOk(await recharge(user.token, rechargeBody(user, 10, { utr: 'sbin0123456789abcd' })));
    const text = localeText('en', 'validation.utr');
    for (const utr of ['12345678901', '1234567890123', 'ABCDEFGHIJKLMNO', 'ABCDEFGHIJKLMNOPQRSTUVW', 'HDFC-N5202611230', '1234 5678 9012']) {
      await expectRefused(user.token, rechargeBody(user, 10, { utr }), 400, 1000, text);
    }
  });

  it('never accepts one UTR twice — same user, another user, any case, even after rejection', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    const utr = 'ICIC0000000000000777';
    const first = expectOk(await recharge(a.token, rechargeBody(a, 50, { utr })));
    await expectRefused(a.token, rechargeBody(a, 50, { utr }), 409, 1206, localeText('en', 'error.utrDuplicate'));
    await expectRefused(b.token, rechargeBody(b, 75, { utr: utr.toLowerCase() }), 409, 1206);
    expectOk(await ctx.server.call('admin/recharge/reject', { id: first.id, reason: 'Not received' }, { token: ctx.operator }));
    await expectRefused(b.token, rechargeBody(b, 50, { utr }), 409, 1206);
    const numeric = newUtr();
    expectOk(await recharge(a.token, rechargeBody(a, 5, { utr: numeric })));
    await expectRefused(b.token, rechargeBody(b, 5, { utr: numeric }), 409, 1206);
  });

  it('ten users racing with one UTR: exactly one deposit, the others hear "already used"', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => investor(ctx.server)));
    const utr = newUtr();
    const results = await Promise.all(users.map((u) => recharge(u.token, rechargeBody(u, 10, { utr }))));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 1206)).toHaveLength(9);
    const rows = await ctx.server.deps.db.selectFrom('deposits').select('id').where('utr', '=', utr).execute();
    expect(rows).toHaveLength(1);
  });

  it('records the source bank account when given, refusing another user’s or an unbound one (IDOR)', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    const { id } = expectOk(await recharge(a.token, rechargeBody(a, 10, { bankId: a.bankId })));
    const detail = expectOk(await ctx.server.call<DepositView>('pay/rechargeDetail', { id }, { token: a.token }));
    expect(detail.bank).toMatchObject({ id: a.bankId, bankName: 'HDFC Bank' });
    expect(detail.bank!.accountNumberMasked).toMatch(/^•••• \d{4}$/);
    // Flattened for list rows and detail screens (no dot paths).
    expect(detail).toMatchObject({ bankName: 'HDFC Bank', accountNumberMasked: detail.bank!.accountNumberMasked });
    await expectRefused(a.token, rechargeBody(a, 10, { bankId: b.bankId }), 404, 1030);
    expectOk(await ctx.server.call('bank/deleteBank', { id: a.bankId }, { token: a.token }));
    await expectRefused(a.token, rechargeBody(a, 10, { bankId: a.bankId }), 404, 1030);
  });

  it('checks the screenshot id format, refuses ids that are no upload and unknown fields', async () => {
    const user = await investor(ctx.server);
    await expectRefused(user.token, rechargeBody(user, 10, { screenshotId: '../../etc/passwd' }), 400, 1000);
    await expectRefused(user.token, rechargeBody(user, 10, { screenshotId: 'short' }), 400, 1207, localeText('en', 'error.screenshotInvalid'));
    await expectRefused(user.token, rechargeBody(user, 10, { screenshotId: randomUUID() }), 400, 1207, localeText('en', 'error.screenshotInvalid'));
    await expectRefused(user.token, { ...rechargeBody(user, 10), userId: 'someone-else' }, 400, 1001);
    expectCall(await ctx.server.call('pay/recharge', rechargeBody(user, 10)), 401, 501);
  });

  it("refuses another user's upload as screenshot (1207) and stores nothing; the database refuses unknown screenshots too", async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    const foreign = await uploadScreenshot(ctx.server, b.token);
    const body = rechargeBody(a, 10, { screenshotId: foreign });
    const headers = { 'Idempotency-Key': `foreign-${randomUUID()}` };
    const entries = await entryCount(ctx.server);
    const refused = await ctx.server.call('pay/recharge', body, { token: a.token, headers });
    expectCall(refused, 400, 1207);
    expect(refused.body.message).toBe(localeText('en', 'error.screenshotInvalid'));
    await expectRefused(a.token, rechargeBody(a, 10, { screenshotId: b.screenshotId }), 400, 1207);
    expect(await ctx.server.deps.db.selectFrom('deposits').select('id').where('screenshot_upload_id', 'in', [foreign, b.screenshotId]).execute()).toEqual([]);
    expect(await ctx.server.deps.db.selectFrom('idempotency_keys').select('key').where('key', '=', headers['Idempotency-Key']).execute()).toEqual([]);
    expect(await entryCount(ctx.server)).toBe(entries);
    // Nothing was used up: the UTR and the key still work with the caller's own screenshot.
    expectOk(await ctx.server.call('pay/recharge', { ...body, screenshotId: a.screenshotId }, { token: a.token, headers }));
    // The foreign key from deposits to uploads (migration 0004) backs the domain check.
    const row = { id: randomUUID(), user_id: a.userId, channel: 'bank' as const, amount_minor: 100, bank_account_id: null, utr: newUtr(), status: 'pending' as const, reject_reason: null, entry_id: null, created_at: ctx.server.clock.now(), reviewed_at: null, reviewed_by: null };
    await expect(ctx.server.deps.db.insertInto('deposits').values({ ...row, screenshot_upload_id: randomUUID() }).execute()).rejects.toThrow();
  });
});

describe('purse/getAssets', () => {
  it('answers {available, held, total} in currency units for the caller only; needs a token', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    expect(await assets(ctx.server, a.token)).toEqual({ available: 0, held: 0, total: 0 });
    const id = await reportDeposit(ctx.server, a.token, 12.34);
    expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }));
    expect(await assets(ctx.server, a.token)).toEqual({ available: 12.34, held: 0, total: 12.34 });
    expect(await assets(ctx.server, b.token)).toEqual({ available: 0, held: 0, total: 0 });
    expectCall(await ctx.server.call('purse/getAssets', {}), 401, 501);
    expectCall(await ctx.server.call('purse/getAssets', { userId: a.userId }, { token: b.token }), 400, 1001);
  });
});

describe('pay/rechargeRecord and pay/rechargeDetail', () => {
  it('lists only the caller’s deposits, newest first, paged, with status labels', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    const ids: string[] = [];
    for (const amount of [10, 20, 30]) {
      ids.push(await reportDeposit(ctx.server, a.token, amount));
      ctx.server.clock.advance(1000);
    }
    await reportDeposit(ctx.server, b.token, 99);
    expectOk(await ctx.server.call('admin/recharge/approve', { id: ids[0] }, { token: ctx.operator }));
    expectOk(await ctx.server.call('admin/recharge/reject', { id: ids[1], reason: 'UTR not found' }, { token: ctx.operator }));

    const first = expectOk(await ctx.server.call<Page<DepositView>>('pay/rechargeRecord', { page: 1, pageSize: 2 }, { token: a.token }));
    expect(first.total).toBe(3);
    expect(first.items.map((d) => d.amount)).toEqual([30, 20]);
    expect(first.items.map((d) => [d.status, d.statusLabel, d.rejectReason])).toEqual([
      ['pending', 'Pending review', null],
      ['rejected', 'Review rejected', 'UTR not found'],
    ]);
    const second = expectOk(await ctx.server.call<Page<DepositView>>('pay/rechargeRecord', { page: 2, pageSize: 2 }, { token: a.token }));
    expect(second.items.map((d) => [d.amount, d.statusLabel])).toEqual([[10, 'Review approved']]);
    // Each record links its screenshot, which its owner can fetch.
    for (const d of [...first.items, ...second.items]) expect(d.screenshotUrl).toBe(`/api/oss/file/${d.screenshotId}`);
    const photo = await ctx.server.app.inject({ method: 'GET', url: first.items[0]!.screenshotUrl, headers: { authorization: `Bearer ${a.token}` } });
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const german = expectOk(await ctx.server.call<Page<DepositView>>('pay/rechargeRecord', {}, { token: a.token, lang: 'de' }));
    expect(german.items.map((d) => d.statusLabel)).toEqual([localeText('de', 'status.pending'), localeText('de', 'status.rejected'), localeText('de', 'status.approved')]);
    expectCall(await ctx.server.call('pay/rechargeRecord', { pageSize: 101 }, { token: a.token }), 400, 1000);
  });

  it("answers 'not found' for another user's deposit and for unknown ids (IDOR)", async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, a.token, 10);
    expectCall(await ctx.server.call('pay/rechargeDetail', { id }, { token: b.token }), 404, 1208);
    expectCall(await ctx.server.call('pay/rechargeDetail', { id: 'no-such-deposit' }, { token: a.token }), 404, 1208);
    expectOk(await ctx.server.call('pay/rechargeDetail', { id }, { token: a.token }));
  });
});

describe('operator: admin/recharge/*', () => {
  it('approve credits the available balance with one journal entry (bank clearing → available) and audits it', async () => {
    const a = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, a.token, 2500.75);
    const entries = await entryCount(ctx.server);
    const res = expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }));
    expect(res).toEqual({ id, status: 'approved' });
    expect(await entryCount(ctx.server)).toBe(entries + 1);
    expect(await assets(ctx.server, a.token)).toEqual({ available: 2500.75, held: 0, total: 2500.75 });
    expect(expectOk(await ctx.server.call<number>('purse/getBalance', {}, { token: a.token }))).toBe(2500.75);

    const entry = await ctx.server.deps.db.selectFrom('journal_entries').selectAll().where('reference', '=', id).executeTakeFirstOrThrow();
    expect(entry.kind).toBe('deposit_approved');
    const legs = await ctx.server.deps.db.selectFrom('postings').select(['account_id', 'amount_minor']).where('entry_id', '=', entry.id).orderBy('amount_minor').execute();
    expect(legs.map((l) => Number(l.amount_minor))).toEqual([-250075, 250075]);
    expect(legs[0]!.account_id).toBe('house:bank_clearing');

    const audit = await ctx.server.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'deposit.approve', entity: 'deposit', created_at: ctx.server.clock.now() });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ status: 'pending', amount: 2500.75 });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 'approved', entryId: entry.id });

    const detail = expectOk(await ctx.server.call<DepositView>('pay/rechargeDetail', { id }, { token: a.token }));
    expect(detail).toMatchObject({ status: 'approved', reviewedAt: ctx.server.clock.now() });
  });

  it('a deposit is decided once: second approve, approve after reject and reject after approve are refused', async () => {
    const a = await investor(ctx.server);
    const approved = await reportDeposit(ctx.server, a.token, 10);
    const rejected = await reportDeposit(ctx.server, a.token, 20);
    expectOk(await ctx.server.call('admin/recharge/approve', { id: approved }, { token: ctx.operator }));
    expectOk(await ctx.server.call('admin/recharge/reject', { id: rejected, reason: 'Screenshot unreadable' }, { token: ctx.operator }));
    const entries = await entryCount(ctx.server);
    expectCall(await ctx.server.call('admin/recharge/approve', { id: approved }, { token: ctx.operator }), 409, 1209);
    expectCall(await ctx.server.call('admin/recharge/approve', { id: rejected }, { token: ctx.operator }), 409, 1209);
    expectCall(await ctx.server.call('admin/recharge/reject', { id: approved, reason: 'x' }, { token: ctx.operator }), 409, 1209);
    expectCall(await ctx.server.call('admin/recharge/approve', { id: 'missing' }, { token: ctx.operator }), 404, 1208);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect((await assets(ctx.server, a.token)).available).toBe(10);
  });

  it('reject posts nothing, keeps the reason and audits', async () => {
    const a = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, a.token, 10);
    const entries = await entryCount(ctx.server);
    expectCall(await ctx.server.call('admin/recharge/reject', { id, reason: '   ' }, { token: ctx.operator }), 400, 1000);
    expect(expectOk(await ctx.server.call('admin/recharge/reject', { id, reason: '  Amount differs  ' }, { token: ctx.operator }))).toEqual({ id, status: 'rejected' });
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, a.token)).toEqual({ available: 0, held: 0, total: 0 });
    const detail = expectOk(await ctx.server.call<DepositView>('pay/rechargeDetail', { id }, { token: a.token }));
    expect(detail).toMatchObject({ status: 'rejected', rejectReason: 'Amount differs' });
    const audit = await ctx.server.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).executeTakeFirstOrThrow();
    expect(audit.action).toBe('deposit.reject');
    expect(JSON.parse(audit.after_json!)).toEqual({ status: 'rejected', reason: 'Amount differs' });
  });

  it('lists the queue with the investor and their bound accounts (full numbers); pending oldest first', async () => {
    const a = await investor(ctx.server);
    const first = await reportDeposit(ctx.server, a.token, 11, { bankId: a.bankId });
    ctx.server.clock.advance(1000);
    const second = await reportDeposit(ctx.server, a.token, 12);
    const list = expectOk(
      await ctx.server.call<Page<DepositView & { user: { uid: string; email: string }; userBankAccounts: Array<{ id: string; accountNumber: string }> }>>(
        'admin/recharge/list',
        { status: 'pending', pageSize: 100 },
        { token: ctx.operator },
      ),
    );
    const mine = list.items.filter((d) => d.user.email === a.email);
    expect(mine.map((d) => d.id)).toEqual([first, second]);
    expect(mine[0]).toMatchObject({ bankName: 'HDFC Bank', accountNumberMasked: mine[0]!.bank!.accountNumberMasked, screenshotUrl: `/api/oss/file/${mine[0]!.screenshotId}` });
    expect(mine[1]).toMatchObject({ bank: null, bankName: null, accountNumberMasked: null });
    // The operator may open the investor's screenshot.
    expect((await ctx.server.app.inject({ method: 'GET', url: mine[0]!.screenshotUrl, headers: { authorization: `Bearer ${ctx.operator}` } })).statusCode).toBe(200);
    expect(mine[0]!.userBankAccounts).toHaveLength(1);
    expect(mine[0]!.userBankAccounts[0]!.accountNumber).toMatch(/^\d{9}$/);
    expect(mine[0]!.statusLabel).toBe('Pending review');
    expect(list.items.every((d) => d.status === 'pending')).toBe(true);
  });

  it('admin/recharge/detail answers one deposit in the queue item shape; unknown ids are not found', async () => {
    const a = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, a.token, 33.33, { bankId: a.bankId });
    const detail = expectOk(await ctx.server.call<DepositView & { user: { email: string }; reviewedBy: string | null }>('admin/recharge/detail', { id }, { token: ctx.operator }));
    const list = expectOk(await ctx.server.call<Page<DepositView & { id: string }>>('admin/recharge/list', { status: 'pending', pageSize: 100 }, { token: ctx.operator }));
    expect(detail).toEqual(list.items.find((d) => d.id === id));
    expect(detail).toMatchObject({ id, amount: 33.33, status: 'pending', statusLabel: 'Pending review', bankName: 'HDFC Bank', reviewedBy: null, user: { email: a.email } });
    expect(detail.screenshotUrl).toBe(`/api/oss/file/${detail.screenshotId}`);

    expectOk(await ctx.server.call('admin/recharge/reject', { id, reason: 'Amount differs' }, { token: ctx.operator }));
    const decided = expectOk(await ctx.server.call<DepositView & { reviewedBy: string }>('admin/recharge/detail', { id }, { token: ctx.operator, lang: 'de' }));
    expect(decided).toMatchObject({ status: 'rejected', statusLabel: localeText('de', 'status.rejected'), rejectReason: 'Amount differs' });
    expect(decided.reviewedBy).toMatch(/^N\d{7}$/);

    const missing = expectCall(await ctx.server.call('admin/recharge/detail', { id: 'no-such-deposit' }, { token: ctx.operator }), 404, 1208);
    expect(missing.message).toBe(localeText('en', 'error.depositNotFound'));
    expectCall(await ctx.server.call('admin/recharge/detail', {}, { token: ctx.operator }), 400, 1000);
  });

  it('is for operators only', async () => {
    const a = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, a.token, 10);
    expectCall(await ctx.server.call('admin/recharge/detail', { id }, { token: a.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/recharge/detail', { id }), 401, 501);
    expectCall(await ctx.server.call('admin/recharge/list', {}, { token: a.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/recharge/approve', { id }, { token: a.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/recharge/reject', { id, reason: 'no' }, { token: a.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/recharge/approve', { id }), 401, 501);
    expect(await assets(ctx.server, a.token)).toEqual({ available: 0, held: 0, total: 0 });
  });
});

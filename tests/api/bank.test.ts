/**
 * Bank accounts (docs/product.md, Bank accounts; `bank/*`): listing, binding with field validation,
 * masking, duplicates, the configured limit, isolation between users and unbinding.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { useLedgerServer } from '../support/ledger-server.js';
import type { BankAccountView } from '../../src/server/domain/banks.js';

const harness = useLedgerServer();

/** A bound account as `bank/get` answers it. */
type BankView = BankAccountView;
interface FieldErrors {
  errors: Array<{ field: string; message: string }>;
}

const valid = {
  holderName: 'Asha Rao',
  bankName: 'HDFC Bank',
  accountNumber: '501004561234',
  ifsc: 'HDFC0001234',
  phone: '9876543210',
};

const list = async (token: string) => expectOk(await harness.server.call<BankView[]>('bank/get', {}, { token }));
const add = (token: string, body: unknown) => harness.server.call<{ id: string }>('bank/addBank', body, { token });
const remove = (token: string, id: string) => harness.server.call('bank/deleteBank', { id }, { token });

/** Asserts a refused addBank (1000, HTTP 400) whose message and field error contain `text`; nothing bound. */
async function expectAddRefused(token: string, body: unknown, field: string, text: string) {
  const res = await harness.server.call<FieldErrors>('bank/addBank', body, { token });
  expectCall(res, 400, 1000);
  expect(res.body.message).toContain(text);
  expect(res.body.data.errors).toContainEqual({ field, message: expect.stringContaining(text) as unknown as string });
  expect(await list(token)).toEqual([]);
  return res;
}

describe('bank/get', () => {
  it('returns an empty array for a new user', async () => {
    const { token } = await harness.server.registerUser();
    const res = await harness.server.call<BankView[]>('bank/get', {}, { token });
    expect(expectOk(res)).toEqual([]);
  });

  it('needs a token (501)', async () => {
    expectCall(await harness.server.call('bank/get', {}), 401, 501);
  });
});

describe('bank/addBank validation', () => {
  it('lists every missing field with code 1000', async () => {
    const { token } = await harness.server.registerUser();
    const res = await harness.server.call<FieldErrors>('bank/addBank', {}, { token });
    expectCall(res, 400, 1000);
    expect(res.body.message).toContain(localeText('en', 'validation.required'));
    expect(res.body.data.errors.map((e) => e.field).sort()).toEqual(['accountNumber', 'bankName', 'holderName', 'ifsc', 'phone']);
    expect(await list(token)).toEqual([]);
  });

  it("says 'Cannot be Empty' for each missing or empty field, prefixed with the field label", async () => {
    const { token } = await harness.server.registerUser();
    const required = localeText('en', 'validation.required');
    const labels: Record<string, string> = {
      holderName: 'field.holderName', bankName: 'field.bankName', accountNumber: 'field.accountNumber', ifsc: 'field.ifsc', phone: 'field.phone',
    };
    for (const field of Object.keys(valid)) {
      const missing: Record<string, string> = { ...valid };
      delete missing[field];
      const res = await expectAddRefused(token, missing, field, required);
      expect(res.body.message).toBe(`${localeText('en', labels[field]!)}: ${required}`);
      await expectAddRefused(token, { ...valid, [field]: '' }, field, required);
    }
  });

  it('refuses a bad IFSC with the validation.ifsc message', async () => {
    const { token } = await harness.server.registerUser();
    const text = localeText('en', 'validation.ifsc');
    for (const ifsc of ['HDFC1234567', 'hdfc0001234', 'HDFC000123', 'HDFC00012345']) {
      await expectAddRefused(token, { ...valid, ifsc }, 'ifsc', text);
    }
  });

  it('refuses account numbers of 8 and 19 digits and non-digits; accepts 9 and 18 digits', async () => {
    const { token } = await harness.server.registerUser();
    const text = localeText('en', 'validation.accountNumber');
    for (const accountNumber of ['12345678', '1234567890123456789', '12345678a', '1234 5678 9']) {
      await expectAddRefused(token, { ...valid, accountNumber }, 'accountNumber', text);
    }
    expectOk(await add(token, { ...valid, accountNumber: '123456789' }));
    expectOk(await add(token, { ...valid, accountNumber: '123456789012345678' }));
    // Both were bound at the same (manual) instant: compare without relying on order.
    expect((await list(token)).map((b) => b.accountNumberMasked).sort()).toEqual(['•••• 5678', '•••• 6789']);
  });

  it('refuses phone 12345 and accepts +919876543210', async () => {
    const { token } = await harness.server.registerUser();
    const text = localeText('en', 'validation.phone');
    for (const phone of ['12345', '5876543210', '+449876543210', '98765432100']) {
      await expectAddRefused(token, { ...valid, phone }, 'phone', text);
    }
    expectOk(await add(token, { ...valid, phone: '+919876543210' }));
    const [account] = await list(token);
    expect(account!.phoneMasked).toBe('•••• 3210');
  });

  it('localizes field errors', async () => {
    const { token } = await harness.server.registerUser();
    const res = await harness.server.call<FieldErrors>('bank/addBank', { ...valid, ifsc: 'HDFC1234567' }, { token, lang: 'de' });
    expectCall(res, 400, 1000);
    expect(res.body.message).toBe(`${localeText('de', 'field.ifsc')}: ${localeText('de', 'validation.ifsc')}`);
    expect(await list(token)).toEqual([]);
  });
});

describe('binding', () => {
  it('adds an account that bank/get lists masked; the full number appears nowhere', async () => {
    const { token } = await harness.server.registerUser();
    const added = await add(token, { ...valid, holderName: '  Asha Rao  ' });
    const { id } = expectOk(added);
    expect(typeof id).toBe('string');
    expect(JSON.stringify(added.body)).not.toContain(valid.accountNumber);

    const res = await harness.server.call<BankView[]>('bank/get', {}, { token });
    const accounts = expectOk(res);
    expect(accounts).toEqual([
      {
        id,
        bankName: 'HDFC Bank',
        accountNumberMasked: '•••• 1234',
        ifsc: 'HDFC0001234',
        phoneMasked: '•••• 3210',
        holderName: 'Asha Rao',
        createdAt: harness.server.clock.now(),
        extra: null,
      },
    ]);
    const json = JSON.stringify(res.body);
    expect(json).not.toContain(valid.accountNumber);
    expect(json).not.toContain(valid.accountNumber.slice(0, -4));
    expect(json).not.toContain(valid.phone);
  });

  it('lists accounts oldest first', async () => {
    const { token } = await harness.server.registerUser();
    expectOk(await add(token, { ...valid, accountNumber: '111111111111' }));
    harness.server.clock.advance(1_000);
    expectOk(await add(token, { ...valid, accountNumber: '222222222222' }));
    expect((await list(token)).map((b) => b.accountNumberMasked)).toEqual(['•••• 1111', '•••• 2222']);
  });

  it('refuses a duplicate (same number and IFSC) with 1031, HTTP 409', async () => {
    const { token } = await harness.server.registerUser();
    expectOk(await add(token, valid));
    const dup = await add(token, { ...valid, holderName: 'Someone Else', phone: '9123456789' });
    expectCall(dup, 409, 1031);
    expect(dup.body.message).toBe(localeText('en', 'error.bankDuplicate'));
    expect(await list(token)).toHaveLength(1);
    // The same number at another branch is another account.
    expectOk(await add(token, { ...valid, ifsc: 'HDFC0005678' }));
    expect(await list(token)).toHaveLength(2);
  });

  it('allows the same account number for two different users', async () => {
    const a = await harness.server.registerUser();
    const b = await harness.server.registerUser();
    expectOk(await add(a.token, valid));
    expectOk(await add(b.token, valid));
    expect(await list(a.token)).toHaveLength(1);
    expect(await list(b.token)).toHaveLength(1);
  });

  it('refuses more than maxBankAccounts (default 5) with 1032', async () => {
    expect(harness.server.config.maxBankAccounts).toBe(5);
    const { token } = await harness.server.registerUser();
    for (let i = 0; i < 5; i++) expectOk(await add(token, { ...valid, accountNumber: `90000000000${i}` }));
    const sixth = await add(token, { ...valid, accountNumber: '900000000009' });
    expectCall(sixth, 409, 1032);
    expect(sixth.body.message).toBe(localeText('en', 'error.bankLimit').replace('{max}', '5'));
    const accounts = await list(token);
    expect(accounts).toHaveLength(5);
    expect(accounts.map((b) => b.accountNumberMasked)).not.toContain('•••• 0009');

    // Unbinding one frees a slot.
    expectOk(await remove(token, accounts[0]!.id));
    expectOk(await add(token, { ...valid, accountNumber: '900000000009' }));
    expect(await list(token)).toHaveLength(5);
  });

  it('honours MAX_BANK_ACCOUNTS', async () => {
    const small = await startTestServer({ MAX_BANK_ACCOUNTS: '1' });
    try {
      const { token } = await small.registerUser();
      expectOk(await small.call('bank/addBank', valid, { token }));
      expectCall(await small.call('bank/addBank', { ...valid, accountNumber: '999999999999' }, { token }), 409, 1032);
      expect(expectOk(await small.call<BankView[]>('bank/get', {}, { token }))).toHaveLength(1);
      await assertLedgerInvariants(small.deps.db);
    } finally {
      await small.stop();
    }
  });
});

describe('isolation and unbinding', () => {
  it("user B cannot see A's accounts nor delete them (1030, HTTP 404)", async () => {
    const a = await harness.server.registerUser();
    const b = await harness.server.registerUser();
    const { id } = expectOk(await add(a.token, valid));

    expect(await list(b.token)).toEqual([]);
    const res = await remove(b.token, id);
    expectCall(res, 404, 1030);
    expect(res.body.message).toBe(localeText('en', 'error.bankNotFound'));
    // The same answer as for an id that does not exist at all.
    const unknown = await remove(b.token, '00000000-0000-4000-8000-000000000000');
    expectCall(unknown, 404, 1030);
    expect(unknown.body).toEqual(res.body);

    const stillThere = await list(a.token);
    expect(stillThere.map((x) => x.id)).toEqual([id]);
  });

  it('deletes an own account; deleting it again answers 1030', async () => {
    const { token } = await harness.server.registerUser();
    const { id } = expectOk(await add(token, valid));
    const { id: keep } = expectOk(await add(token, { ...valid, accountNumber: '777777777777' }));
    expect(expectOk(await remove(token, id))).toBeNull();
    expect((await list(token)).map((x) => x.id)).toEqual([keep]);
    expectCall(await remove(token, id), 404, 1030);
    expect((await list(token)).map((x) => x.id)).toEqual([keep]);
    // An unbound account may be bound again.
    expectOk(await add(token, valid));
    expect(await list(token)).toHaveLength(2);
  });

  it('validates the delete body', async () => {
    const { token } = await harness.server.registerUser();
    const { id } = expectOk(await add(token, valid));
    expectCall(await harness.server.call('bank/deleteBank', {}, { token }), 400, 1000);
    expectCall(await harness.server.call('bank/deleteBank', { id: '' }, { token }), 400, 1000);
    expectCall(await harness.server.call('bank/deleteBank', { id, force: true }, { token }), 400, 1001);
    expectCall(await harness.server.call('bank/deleteBank', { id }), 401, 501);
    expect((await list(token)).map((x) => x.id)).toEqual([id]);
  });
});

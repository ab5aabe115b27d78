/**
 * Sets up who runs a case and the state it starts from — only through the real API: a fresh
 * investor registered with an emailed code, a bank account bound, identity submitted (and
 * approved by the operator), money credited by a real deposit the operator approves. The
 * operator and the editors log in with the demo accounts the server seeds
 * (`DATA_DIR/demo-credentials.json`).
 */
import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import { demoCredential, demoOperator, registerByApi } from '../e2e/helpers';
import type { CaseGiven, CaseRole } from './types';

/** A session a case runs with (visitors have none). */
export interface CaseSession {
  token?: string;
  email?: string;
}

/** A small JPEG with a label: an ID photo or a payment screenshot. */
export const photo = (label: string): Promise<Buffer> =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#eef2f6"/><text x="40" y="120" font-size="56" font-family="sans-serif" fill="#0b6b57">${label}</text></svg>`))
    .jpeg()
    .toBuffer();

/** Calls the API as a token; fails the case unless the answer is code 200. */
export async function api<T>(request: APIRequestContext, token: string | undefined, call: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/${call}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, data });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, `given: ${call} answered ${body.code} ${body.message}`).toBe(200);
  return body.data;
}

async function upload(request: APIRequestContext, token: string, label: string): Promise<string> {
  const response = await request.post('/api/oss/uploadPhoto', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await photo(label) } },
  });
  return ((await response.json()) as { data: { id: string } }).data.id;
}

let operatorToken: string | undefined;
/** The back-office login's token (logged in once per worker). */
export async function operatorSession(request: APIRequestContext): Promise<string> {
  operatorToken ??= (await api<{ token: string }>(request, undefined, 'user/login', demoOperator())).token;
  return operatorToken;
}

const utr = () => String(Math.floor(1e11 + Math.random() * 9e11));

/**
 * Makes the session and state a case asks for.
 * `funded` needs the deposit window open on the server clock (e2e's CLOCK_START is inside it).
 */
export async function prepare(request: APIRequestContext, as: CaseRole, given: CaseGiven = {}): Promise<CaseSession> {
  if (as === 'visitor') return {};
  if (as === 'operator') return { token: await operatorSession(request) };
  if (as === 'editor' || as === 'editor2') {
    const login = demoCredential(as);
    if (!login) throw new Error(`as: '${as}' needs a demo account '${as}' in the server's demo-credentials.json; this server seeds none`);
    return { token: (await api<{ token: string }>(request, undefined, 'user/login', login)).token, email: login.email };
  }
  const user = await registerByApi(request);
  const token = user.token;
  let bankId: string | undefined;
  if (given.bank || (given.funded ?? 0) > 0) {
    const bank = await api<{ id: string }>(request, token, 'bank/addBank', { holderName: 'Asha Verma', bankName: 'HDFC Bank', accountNumber: '50100123456789', ifsc: 'HDFC0001234', phone: '9876543210' });
    bankId = bank?.id;
  }
  if (given.identity === 'pending' || given.identity === 'approved') {
    const [front, back] = [await upload(request, token, 'FRONT'), await upload(request, token, 'BACK')];
    await api(request, token, 'authentication/save', { name: 'Asha Verma', idType: 'pan', idNumber: 'ABCDE1234F', frontPhotoId: front, backPhotoId: back });
    if (given.identity === 'approved') {
      const ops = await operatorSession(request);
      const queue = await api<{ items: Array<{ id: string; email: string }> }>(request, ops, 'admin/authentication/list', { pageSize: 100 });
      const mine = queue.items.find((item) => item.email === user.email);
      expect(mine, 'given: the identity submission is in the review queue').toBeTruthy();
      await api(request, ops, 'admin/authentication/approve', { id: mine!.id });
    }
  }
  if ((given.funded ?? 0) > 0) {
    const screenshotId = await upload(request, token, 'UPI');
    const deposit = await api<{ id: string }>(request, token, 'pay/recharge', { amount: given.funded, channel: 'bank', ...(bankId ? { bankId } : {}), utr: utr(), screenshotId });
    await api(request, await operatorSession(request), 'admin/recharge/approve', { id: deposit.id });
  }
  return { token, email: user.email };
}

/**
 * Uploads and identity verification: content-judged image types, re-encoding that
 * strips EXIF GPS and applies orientation, size limits, private reads; the identity cycle
 * save → reject → update → approve with audit rows; operator-only desk calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { AADHAAR_BAD_CHECK, AADHAAR_VALID, heic, jpegWithGps, multipart, pdf, png, pngLargerThan } from '../support/images.js';
import { createUser } from '../../src/server/domain/users.js';

let server: TestServer;
let investor: { token: string; email: string };
let other: { token: string };
let operatorToken: string;

async function upload(token: string | null, file: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const { payload, headers } = multipart(file, name, type);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/oss/uploadPhoto?lang=en',
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function fetchFile(url: string, token: string | null) {
  return server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const uploadCount = async () => Number((await server.deps.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const storedFiles = () => {
  const dir = path.join(server.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => !fs.statSync(path.join(dir, String(f))).isDirectory()).length : 0;
};

beforeAll(async () => {
  server = await startTestServer();
  investor = await server.registerUser();
  other = await server.registerUser();
  await createUser(server.deps, { email: 'ops@example.com', password: 'operator-pass-1', role: 'operator' });
  operatorToken = expectOk(await server.call<{ token: string }>('user/login', { email: 'ops@example.com', password: 'operator-pass-1' })).token;
});
afterAll(() => server.stop());

describe('oss/uploadPhoto', () => {
  it('re-encodes a JPEG without its GPS EXIF, with orientation applied, and returns {id, url}', async () => {
    const original = await jpegWithGps(800, 600);
    const originalMeta = await sharp(original).metadata();
    expect([originalMeta.orientation, originalMeta.exif !== undefined, original.includes(Buffer.from('Nivesh QA'))]).toEqual([6, true, true]);
    const result = await upload(investor.token, original);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['id', 'url']);
    expect(result.body.data.url).toBe(`/api/oss/file/${result.body.data.id}`);
    expect(JSON.stringify(result.body)).not.toContain(server.config.dataDir);

    const file = await fetchFile(result.body.data.url, investor.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('private');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([600, 800]); // orientation 6 applied
    expect(file.rawPayload.includes(Buffer.from('Nivesh QA'))).toBe(false);
  });

  it('caps the longest side at 2048 px and accepts PNG, WebP and HEIC by content', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#888' } }).webp().toBuffer();
    const webp = expectOk(await upload(investor.token, big, 'x.webp', 'image/webp') as never) as { url: string };
    const meta = await sharp((await fetchFile(webp.url, investor.token)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([2048, 512, 'jpeg']);

    expect((await upload(investor.token, await png(), 'a.png', 'image/png')).body.code).toBe(200);
    // HEIC named and declared as something else: judged by content.
    const fromHeic = await upload(investor.token, heic(), 'scan.bin', 'application/octet-stream');
    expect(fromHeic.body.code).toBe(200);
    const heicMeta = await sharp((await fetchFile(fromHeic.body.data.url, investor.token)).rawPayload).metadata();
    expect([heicMeta.width, heicMeta.height, heicMeta.format]).toEqual([640, 400, 'jpeg']);
  });

  it('refuses a PDF renamed .jpg, a 12 MB image, a truncated image and an empty body — storing nothing', async () => {
    const before = { rows: await uploadCount(), files: storedFiles() };
    const renamed = await upload(investor.token, pdf(), 'id.jpg', 'image/jpeg');
    expectCall(renamed as never, 400, 1102);
    expect(renamed.body.message).toBe(localeText('en', 'error.uploadType'));

    const large = await upload(investor.token, await pngLargerThan(12 * 1024 * 1024), 'big.png', 'image/png');
    expectCall(large as never, 400, 1101);
    expect(large.body.message).toBe('The photo is larger than 10 MB.');

    const jpeg = await jpegWithGps(1200, 900);
    const truncated = await upload(investor.token, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expectCall(truncated as never, 400, 1103);

    expectCall((await upload(investor.token, Buffer.alloc(0))) as never, 400, 1100);
    const noMultipart = await server.app.inject({ method: 'POST', url: '/api/oss/uploadPhoto', headers: { authorization: `Bearer ${investor.token}`, 'content-type': 'application/json' }, payload: '{}' });
    expect(noMultipart.json().code).toBe(1100);
    expect({ rows: await uploadCount(), files: storedFiles() }).toEqual(before);
  });

  it('lets only the owner and operators read a file; visitors cannot upload', async () => {
    const { url } = (await upload(investor.token, await png())).body.data;
    expect((await fetchFile(url, investor.token)).statusCode).toBe(200);
    expect((await fetchFile(url, operatorToken)).statusCode).toBe(200);
    const stranger = await fetchFile(url, other.token);
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 1104]);
    const visitor = await fetchFile(url, null);
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 501]);
    expect((await fetchFile('/api/oss/file/not-an-id', investor.token)).statusCode).toBe(404);
    expectCall((await upload(null, await png())) as never, 401, 501);
  });
});

describe('identity verification', () => {
  let front: string;
  let back: string;
  let submissionId: string;

  beforeAll(async () => {
    front = (await upload(investor.token, await png())).body.data.id;
    back = (await upload(investor.token, await png())).body.data.id;
  });

  const body = (overrides: Record<string, unknown> = {}) => ({ name: 'Asha Verma', idType: 'aadhaar', idNumber: AADHAAR_VALID, frontPhotoId: front, backPhotoId: back, ...overrides });
  const audit = () => server.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', submissionId).orderBy('created_at').execute();

  it('starts with status none', async () => {
    expect(expectOk(await server.call('authentication/get', {}, { token: investor.token }))).toEqual({ status: 'none' });
  });

  it('validates every field from the schema, the ID number by type and its check digit', async () => {
    const empty = expectCall(await server.call('authentication/save', {}, { token: investor.token }), 400, 1000);
    const fields = (empty.data as { errors: Array<{ field: string; message: string }> }).errors;
    expect(fields.map((f) => f.field).sort()).toEqual(['backPhotoId', 'frontPhotoId', 'idNumber', 'idType', 'name']);
    for (const f of fields) expect(f.message).toContain(localeText('en', 'validation.required'));

    const badCheck = expectCall(await server.call('authentication/save', body({ idNumber: AADHAAR_BAD_CHECK }), { token: investor.token }), 400, 1000);
    expect(badCheck.message).toContain(localeText('en', 'validation.checksum'));
    expectCall(await server.call('authentication/save', body({ idNumber: '123412341234' }), { token: investor.token }), 400, 1000); // starts with 1
    expectCall(await server.call('authentication/save', body({ idType: 'pan', idNumber: AADHAAR_VALID }), { token: investor.token }), 400, 1000);
    expectCall(await server.call('authentication/save', body({ idType: 'passport' }), { token: investor.token }), 400, 1000);
    // Photos must be the caller's own uploads.
    const foreign = (await upload(other.token, await png())).body.data.id;
    expectCall(await server.call('authentication/save', body({ frontPhotoId: foreign }), { token: investor.token }), 404, 1104);
    expect(expectOk(await server.call('authentication/get', {}, { token: investor.token }))).toEqual({ status: 'none' });
  });

  it('runs save → reject with reason → update → approve, with audit rows and the number encrypted', async () => {
    const saved = expectOk(await server.call<{ status: string; idNumberMasked: string }>('authentication/save', body(), { token: investor.token }));
    expect(saved.status).toBe('pending');
    expect(saved.idNumberMasked).toBe('XXXX XXXX 2346');
    const row = await server.deps.db.selectFrom('identity_submissions').selectAll().executeTakeFirstOrThrow();
    submissionId = row.id;
    expect(row.id_number_encrypted).not.toContain(AADHAAR_VALID);
    expect(JSON.stringify(row)).not.toContain(AADHAAR_VALID);

    // Editing while pending is refused, and so is a second save.
    expectCall(await server.call('authentication/update', body(), { token: investor.token }), 409, 1111);
    expectCall(await server.call('authentication/save', body(), { token: investor.token }), 409, 1111);

    // The operator's queue and detail show the number masked.
    const queue = expectOk(await server.call<{ items: Array<{ id: string; status: string; idNumberMasked: string }>; total: number }>('admin/authentication/list', {}, { token: operatorToken }));
    expect(queue.items[0]).toMatchObject({ id: submissionId, status: 'pending', idNumberMasked: 'XXXX XXXX 2346' });
    const detail = expectOk(await server.call<Record<string, unknown>>('admin/authentication/detail', { id: submissionId }, { token: operatorToken }));
    expect(JSON.stringify(detail)).not.toContain(AADHAAR_VALID);
    expect(detail.frontPhotoUrl).toBe(`/api/oss/file/${front}`);

    expectCall(await server.call('admin/authentication/reject', { id: submissionId, reason: '' }, { token: operatorToken }), 400, 1000);
    const rejected = expectOk(await server.call<{ status: string }>('admin/authentication/reject', { id: submissionId, reason: 'Photo is blurred' }, { token: operatorToken }));
    expect(rejected.status).toBe('rejected');
    expect(expectOk(await server.call('authentication/get', {}, { token: investor.token }))).toMatchObject({ status: 'rejected', rejectReason: 'Photo is blurred' });
    expectCall(await server.call('admin/authentication/approve', { id: submissionId }, { token: operatorToken }), 409, 1115);
    expectCall(await server.call('authentication/save', body(), { token: investor.token }), 409, 1110);

    const resubmitted = expectOk(await server.call<{ status: string; rejectReason: null; idNumberMasked: string }>('authentication/update', body({ idType: 'pan', idNumber: 'ABCDE1234F' }), { token: investor.token }));
    expect(resubmitted).toMatchObject({ status: 'pending', rejectReason: null, idNumberMasked: 'XXXXXX234F' });

    const revealed = expectOk(await server.call<{ idNumber: string }>('admin/authentication/reveal', { id: submissionId }, { token: operatorToken }));
    expect(revealed.idNumber).toBe('ABCDE1234F');

    expect(expectOk(await server.call<{ status: string }>('admin/authentication/approve', { id: submissionId }, { token: operatorToken })).status).toBe('approved');
    expect(expectOk(await server.call('authentication/get', {}, { token: investor.token }))).toMatchObject({ status: 'approved' });
    expectCall(await server.call('authentication/update', body(), { token: investor.token }), 409, 1112);
    expectCall(await server.call('admin/authentication/reject', { id: submissionId, reason: 'late' }, { token: operatorToken }), 409, 1115);

    const rows = await audit();
    expect(rows.map((r) => r.action)).toEqual(['identity.reject', 'identity.reveal', 'identity.approve']);
    const operatorId = (await server.deps.db.selectFrom('users').select('id').where('email', '=', 'ops@example.com').executeTakeFirstOrThrow()).id;
    expect(rows.every((r) => r.actor_user_id === operatorId)).toBe(true);
    expect(JSON.parse(rows[0]!.before_json!)).toEqual({ status: 'pending', rejectReason: null });
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({ status: 'rejected', rejectReason: 'Photo is blurred' });
    expect(JSON.parse(rows[2]!.after_json!)).toEqual({ status: 'approved', rejectReason: null });
  });

  it('refuses investor tokens and visitors on every admin call', async () => {
    for (const [call, payload] of [
      ['admin/authentication/list', {}],
      ['admin/authentication/detail', { id: submissionId }],
      ['admin/authentication/approve', { id: submissionId }],
      ['admin/authentication/reject', { id: submissionId, reason: 'x' }],
      ['admin/authentication/reveal', { id: submissionId }],
    ] as const) {
      expectCall(await server.call(call, payload, { token: investor.token }), 403, 1040);
      expectCall(await server.call(call, payload), 401, 501);
    }
    expectCall(await server.call('admin/authentication/detail', { id: 'nope' }, { token: operatorToken }), 404, 1114);
  });

  it('orders the queue pending first and pages it', async () => {
    const users = await Promise.all([1, 2, 3].map(() => server.registerUser()));
    for (const user of users) {
      const f = (await upload(user.token, await png())).body.data.id;
      const b = (await upload(user.token, await png())).body.data.id;
      expectOk(await server.call('authentication/save', { name: 'Ravi Kumar', idType: 'pan', idNumber: 'PQRSX6789K', frontPhotoId: f, backPhotoId: b }, { token: user.token }));
      server.clock.advance(1000);
    }
    const first = expectOk(await server.call<{ items: Array<{ status: string; email: string }>; total: number }>('admin/authentication/list', { page: 1, pageSize: 2 }, { token: operatorToken }));
    expect(first.total).toBe(4);
    expect(first.items.map((i) => i.status)).toEqual(['pending', 'pending']);
    expect(first.items[0]!.email).toBe(users[0]!.email); // oldest pending first
    const second = expectOk(await server.call<{ items: Array<{ status: string }> }>('admin/authentication/list', { page: 2, pageSize: 2 }, { token: operatorToken }));
    expect(second.items.map((i) => i.status)).toEqual(['pending', 'approved']);
  });
});

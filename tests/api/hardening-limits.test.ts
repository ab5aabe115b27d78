/**
 * Resource limits: uploads over 50 megapixels are refused from the header (a
 * 16000×16000 PNG of a few hundred bytes is never decoded), uploads are rate-limited per user,
 * and live-quote streams are capped per client IP and per token.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, localeText } from '../support/envelope.js';
import { multipart, png } from '../support/images.js';

let server: TestServer;
let base: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ UPLOADS_PER_USER_PER_HOUR: '4', SSE_MAX_PER_IP: '3', SSE_MAX_PER_TOKEN: '2' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  token = (await server.registerUser()).token;
});
afterAll(async () => {
  await server?.stop();
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares width × height, with one compressed row of data (a few hundred bytes). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(row)), chunk('IEND', Buffer.alloc(0))]);
}

const upload = async (file: Buffer, as = token) => {
  const { payload, headers } = multipart(file, 'photo.png', 'image/png');
  const res = await server.app.inject({ method: 'POST', url: '/api/oss/uploadPhoto?lang=en', headers: { ...headers, authorization: `Bearer ${as}` }, payload });
  return { status: res.statusCode, body: res.json() };
};
const uploadRows = async () => Number((await server.deps.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('uploads', () => {
  it('refuses a 16000×16000 PNG from its header (1606) and stores nothing', async () => {
    const bomb = pngHeader(16_000, 16_000);
    expect(bomb.length).toBeLessThan(1_000);
    const rows = await uploadRows();
    const rss = process.memoryUsage().rss;
    const res = await upload(bomb);
    expectCall(res, 400, 1606);
    expect(res.body.message).toBe(localeText('en', 'error.uploadTooManyPixels').replace('{megapixels}', '50'));
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
    expect(await uploadRows()).toBe(rows);
    // Just over 50 MP is refused as well.
    expectCall(await upload(pngHeader(10_000, 5_001)), 400, 1606);
  });

  it('rate-limits uploads per user (UPLOADS_PER_USER_PER_HOUR), not per server', async () => {
    const user = (await server.registerUser()).token;
    const image = await png(40, 30);
    for (let i = 0; i < 4; i++) expect((await upload(image, user)).body.code).toBe(200);
    const refused = await upload(image, user);
    expectCall(refused, 429, 1607);
    expect(await uploadRows()).toBeGreaterThan(0);
    // Another user is unaffected; an hour later the first may upload again.
    expect((await upload(image, (await server.registerUser()).token)).body.code).toBe(200);
    server.clock.advance(3_600_001);
    expect((await upload(image, user)).body.code).toBe(200);
  });
});

/** Opens a stream over a real socket; resolves with its status once the head arrives. */
function openStream(headers: Record<string, string> = {}) {
  let request!: http.ClientRequest;
  const head = new Promise<{ status: number; body: () => Promise<string> }>((resolve, reject) => {
    request = http.get(`${base}/api/markets/stream?symbols=RELIANCE&lang=en`, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      const ended = new Promise<string>((done) => {
        response.on('data', (c: string) => (text += c));
        response.on('end', () => done(text));
      });
      resolve({ status: response.statusCode ?? 0, body: () => ended });
    });
    request.on('error', reject);
  });
  return { head, close: () => request.destroy() };
}

describe('live-quote stream caps', () => {
  it('caps streams per client IP and per token with 1608 (HTTP 429), freeing a slot when one closes', async () => {
    const byToken = [openStream({ authorization: `Bearer ${token}` }), openStream({ authorization: `Bearer ${token}` })];
    for (const s of byToken) expect((await s.head).status).toBe(200);
    const third = await openStream({ authorization: `Bearer ${token}` }).head;
    expect(third.status).toBe(429);
    expect(JSON.parse(await third.body())).toMatchObject({ code: 1608, message: localeText('en', 'error.streamLimit') });

    const anonymous = openStream();
    expect((await anonymous.head).status).toBe(200); // third stream of this IP
    const fourth = await openStream().head;
    expect(fourth.status).toBe(429);
    expect(JSON.parse(await fourth.body()).code).toBe(1608);

    anonymous.close();
    let reopened = 0;
    for (let i = 0; i < 100 && reopened !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const attempt = openStream();
      reopened = (await attempt.head).status;
      if (reopened === 200) attempt.close();
    }
    expect(reopened).toBe(200);
    for (const s of byToken) s.close();
  });
});

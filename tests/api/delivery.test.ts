/**
 * Phone-grade delivery on the real server: security headers (strict CSP, frame
 * ancestors, referrer, permissions, nosniff, HSTS only in production), brotli/gzip for JSON
 * above 1 KB and pre-compressed assets, ETags for screens and validators, the HTML shell's
 * per-route preloads, and the server-compiled form validator modules — imported as the browser
 * does and compared with the server's own ajv on valid and invalid bodies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { registerDelivery } from '../../src/server/http/delivery.js';
import { verhoeffDigit, verhoeffValid } from '../../src/shared/verhoeff.js';
import { linearRegExp } from '../../src/shared/linear-regexp.js';
import { firstRenderBlockKinds } from '../../src/server/screens/store.js';

let server: TestServer;
let clientDir: string;
const require = createRequire(import.meta.url);

beforeAll(async () => {
  // A tiny built client: shell, an entry chunk with its .br twin, two locale chunks.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Nivesh</title><style>.boot{margin:0}</style></head><body><div class="boot"></div></body></html>');
  const entry = `export const x = ${JSON.stringify('a'.repeat(4000))};`;
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), entry);
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(entry));
  fs.writeFileSync(path.join(clientDir, 'assets/de.json-AAA111.js'), 'export default {};');
  fs.writeFileSync(path.join(clientDir, 'assets/en.json-BBB222.js'), 'export default {};');
  // The build's lazy block kinds → chunk files (scripts/build/block-chunks.ts).
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, '.vite/block-chunks.json'), JSON.stringify({
    form: { js: ['assets/Form-F1.js', 'assets/FormBlock-F2.js'], css: ['assets/form-F3.css'] },
    list: { js: ['assets/content-C1.js'], css: ['assets/content-C2.css'] },
    hero: { js: ['assets/content-C1.js'], css: ['assets/content-C2.css'] },
  }));
  server = await startTestServer({ CLIENT_DIR: clientDir });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, referrer, permissions and nosniff on pages and API answers', async () => {
    for (const url of ['/home', '/api/ui/screens/home']) {
      const response = await server.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc).toBe("'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Styles: files of this origin and the shell's critical CSS by its hash; nothing else inline.
      const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(csp)?.[1];
      const hash = createHash('sha256').update('.boot{margin:0}').digest('base64');
      expect(styleSrc).toBe(`'self' 'sha256-${hash}'`);
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toContain('camera=(self)');
      expect(response.headers['permissions-policy']).toContain('microphone=()');
      expect(response.headers['strict-transport-security']).toBeUndefined(); // demo mode: plain HTTP
    }
  });

  it('adds HSTS and upgrade-insecure-requests only in production mode', async () => {
    const app = Fastify();
    await registerDelivery(app, { mode: 'production' });
    app.get('/x', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
  });
});

describe('compression and caching', () => {
  it('compresses JSON above 1 KB with brotli or gzip and leaves small answers alone', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/api/ui/screens/home' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await server.app.inject({ method: 'GET', url: '/api/ui/screens/home', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await server.app.inject({ method: 'GET', url: '/api/ui/screens/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const small = await server.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'accept-encoding': 'br', 'content-type': 'application/json' }, payload: '{}' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the build-time .br of a hashed asset with immutable caching', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('export const x');
  });

  it('revalidates screens, messages and validator modules with their ETags', async () => {
    for (const url of ['/api/ui/screens/register', '/api/ui/messages/de?format=ast', '/api/ui/validators/register.js']) {
      const first = await server.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });
});

describe('the HTML shell', () => {
  it("preloads the route's screen and the messages of the lang cookie", async () => {
    const de = await server.app.inject({ method: 'GET', url: '/home?x=1' });
    expect(de.headers['content-type']).toMatch(/text\/html/);
    expect(de.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/ui/screens/home?lang=de">');
    expect(de.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/ui/messages/de?format=ast">');
    expect(de.body.indexOf('preload')).toBeLessThan(de.body.indexOf('</head>'));
    const en = await server.app.inject({ method: 'GET', url: '/bindBank', headers: { cookie: 'theme=x; lang=EN' } });
    expect(en.body).toContain('href="/api/ui/screens/bindBank?lang=en"');
    expect(en.body).toContain('href="/api/ui/messages/en?format=ast"');
    const unknown = await server.app.inject({ method: 'GET', url: '/no-such-route' });
    expect(unknown.body).not.toContain('/api/ui/screens/');
    expect(unknown.body).toContain('/api/ui/messages/de');
  });

  it("modulepreloads the chunks of the route's lazy block kinds and names the kinds for the app", async () => {
    const head = (body: string) => body.slice(0, body.indexOf('</head>'));
    // bindBank: a form and a list block — both lazy kinds, each file once.
    const bank = head((await server.app.inject({ method: 'GET', url: '/bindBank' })).body);
    expect(bank).toContain('<meta name="nivesh-preload-kinds" content="form,list">');
    for (const file of ['Form-F1.js', 'FormBlock-F2.js', 'content-C1.js']) expect(bank.split(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${file}">`)).toHaveLength(2);
    expect(bank).toContain('<link rel="preload" as="style" href="/assets/form-F3.css">');
    expect(bank).toContain('<link rel="preload" as="style" href="/assets/content-C2.css">');
    // page: hero is lazy; features, buttons and notice are not in the map (shipped or unknown here).
    const page = head((await server.app.inject({ method: 'GET', url: '/page' })).body);
    expect(page).toContain('<meta name="nivesh-preload-kinds" content="hero">');
    expect(page).not.toContain('Form-F1.js');
    // No screen, no block preloads.
    expect((await server.app.inject({ method: 'GET', url: '/no-such-route' })).body).not.toContain('nivesh-preload-kinds');
  });

  it('preloads only the kinds of the first render: no block behind a `when`, only the first tab', () => {
    const layout = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schemas/screens/marketDetails.layout.json'), 'utf8'));
    // The Buy button and every block of the first trade tab wait for a condition; the shares
    // tab's forms are in the second tab.
    expect(firstRenderBlockKinds(layout)).toEqual(['chart', 'marketStatus', 'quote', 'stats', 'tabs']);
    expect(firstRenderBlockKinds({ blocks: [
      { kind: 'tabs', tabs: [{ blocks: [{ kind: 'list' }, { kind: 'notice', when: { call: 'x', field: 'y', in: [1] } }] }, { blocks: [{ kind: 'form' }] }] },
    ] })).toEqual(['list', 'tabs']);
  });

  it('leaves a form marked `afterPaint` out of the first render: /pay paints without the form chunk', () => {
    const layout = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schemas/screens/pay.layout.json'), 'utf8'));
    expect(firstRenderBlockKinds(layout)).toEqual(['beneficiary', 'buttons', 'notice']);
    expect(firstRenderBlockKinds({ blocks: [{ kind: 'form', afterPaint: true }, { kind: 'form', afterPaint: false }] })).toEqual(['form']);
  });
});

describe('server-compiled form validators', () => {
  /** Imports a validator module the way the browser loader does, with the same runtime map. */
  async function importValidator(name: string) {
    const response = await server.app.inject({ method: 'GET', url: `/api/ui/validators/${name}.js` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body).not.toMatch(/\bnew Function\b|\beval\(/);
    const file = path.join(clientDir, `${name}-${Date.now()}.mjs`);
    fs.writeFileSync(file, response.body);
    const module = (await import(pathToFileURL(file).href)) as { rootKey: string; requires: string[]; default: (r: (id: string) => unknown) => Record<string, (data: unknown) => boolean> };
    const runtime = (id: string) => (id === 'nivesh/verhoeff' ? { verhoeffValid } : id === 'nivesh/linear-regexp' ? { linearRegExp } : require(id));
    const fns = module.default(runtime);
    return fns[module.rootKey]!;
  }

  const aadhaar = (body: string) => `${body}${verhoeffDigit(body)}`;

  it('agrees with the server ajv on valid and invalid bodies, custom keywords included', async () => {
    const cases: Array<[string, unknown]> = [
      ['register', { email: 'a@b.in', password: 'Sicher-2026!', confirmPassword: 'Sicher-2026!', captcha: '123456' }],
      ['register', { email: 'a@b.in', password: 'Sicher-2026!', confirmPassword: 'anders-2026', captcha: '123456' }],
      ['register', { email: 'kein-email', password: 'kurz', confirmPassword: 'kurz', captcha: '12' }],
      ['register', { email: 'a@b.in', password: 'Sicher-2026!', confirmPassword: 'Sicher-2026!', captcha: '123456', extra: 1 }],
      ['realName', { name: 'Asha', idType: 'aadhaar', idNumber: aadhaar('23456789012'), frontPhotoId: 'f', backPhotoId: 'b' }],
      ['realName', { name: 'Asha', idType: 'aadhaar', idNumber: `${aadhaar('23456789012').slice(0, 11)}${(verhoeffDigit('23456789012') + 1) % 10}`, frontPhotoId: 'f', backPhotoId: 'b' }],
      ['realName', { name: 'Asha', idType: 'pan', idNumber: 'ABCDE1234F', frontPhotoId: 'f', backPhotoId: 'b' }],
      ['realName', { name: 'Asha', idType: 'pan', idNumber: '234567890123', frontPhotoId: 'f', backPhotoId: 'b' }],
      ['bindBank', { holderName: 'Asha', bankName: 'SBI', accountNumber: '12345678901', ifsc: 'SBIN0001234', phone: '9876543210' }],
      ['bindBank', { holderName: 'Asha', bankName: 'SBI', accountNumber: '12345678901', ifsc: 'sbin0001234', phone: '9876543210' }],
    ];
    const verdicts: Array<[string, boolean]> = [];
    for (const [name, body] of cases) {
      const browser = await importValidator(name);
      const serverSide = server.store.payloadSchema(`screens/${name}`).validate;
      const expected = serverSide(body);
      expect(browser(body)).toBe(expected);
      verdicts.push([name, expected]);
    }
    // The cases really cover both outcomes, including each custom keyword's failure.
    expect(verdicts.map(([, ok]) => ok)).toEqual([true, false, false, false, true, false, true, false, true, false]);
    const register = await importValidator('register');
    register({ email: 'a@b.in', password: 'Sicher-2026!', confirmPassword: 'anders-2026', captcha: '123456' });
    expect((register as unknown as { errors: Array<{ keyword: string }> }).errors.map((e) => e.keyword)).toEqual(['x-sameAs']);
    const realName = await importValidator('realName');
    realName(cases[5]![1]);
    expect((realName as unknown as { errors: Array<{ keyword: string }> }).errors.map((e) => e.keyword)).toContain('x-checksum');
  });

  it('refuses unknown and malformed schema names with code 1045', async () => {
    for (const url of ['/api/ui/validators/nope.js', '/api/ui/validators/..%2Fsecret.js']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(1045);
    }
  });
});

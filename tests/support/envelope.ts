/**
 * Assertions on the `{code, message, data}` envelope (docs/product.md, Calls) shared by the API tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { ROOT_DIR } from '../../src/server/config.js';
import type { Envelope } from '../../src/shared/codes.js';

/** A response as `TestServer.call` returns it. */
export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** Asserts the body is exactly an envelope: keys code, message, data; number and string types. */
export function expectEnvelopeShape(body: unknown): asserts body is Envelope {
  expect(body).toBeTypeOf('object');
  expect(body).not.toBeNull();
  expect(Object.keys(body as object).sort()).toEqual(['code', 'data', 'message']);
  const envelope = body as Envelope;
  expect(typeof envelope.code).toBe('number');
  expect(typeof envelope.message).toBe('string');
  expect(envelope.message.length).toBeGreaterThan(0);
}

/** Asserts HTTP status, envelope shape and envelope code together (message shown on failure). */
export function expectCall<T>(result: CallResult<T>, status: number, code: number): Envelope<T> {
  expectEnvelopeShape(result.body);
  expect({ status: result.status, code: result.body.code, message: result.body.message }).toMatchObject({ status, code });
  return result.body;
}

/** Asserts a success envelope (HTTP 200, code 200) and returns its data. */
export function expectOk<T>(result: CallResult<T>): T {
  return expectCall(result, 200, 200).data;
}

const catalogs = new Map<string, Record<string, string>>();

/** A raw message text from `locales/<locale>.json` (no ICU formatting). */
export function localeText(locale: 'de' | 'en' | 'hi' | 'zh', id: string): string {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;
    catalogs.set(locale, catalog);
  }
  const text = catalog[id];
  if (text === undefined) throw new Error(`message id ${id} missing in locales/${locale}.json`);
  return text;
}

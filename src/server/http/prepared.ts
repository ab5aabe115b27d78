/**
 * Answers serialized once and sent many times (issue 14 "Market reads"): a handler returns a
 * {@link PreparedAnswer} — the whole envelope as bytes with its ETag — and the call registry
 * sends those bytes as they are (`If-None-Match` → 304), with no per-request envelope, message
 * formatting or JSON serialization. {@link preparedEnvelope} builds one per data snapshot and
 * locale and keeps it while the snapshot object stays the same (e.g. one feed batch).
 */
import { randomBytes } from 'node:crypto';
import type { Locale } from '../../shared/lang.js';
import type { Messages } from '../i18n.js';
import { ok } from './envelope.js';

/** A serialized success envelope and its (strong) ETag. */
export class PreparedAnswer {
  constructor(
    /** UTF-8 JSON of `{code, message, data}`. */
    readonly body: Buffer,
    /** Quoted strong validator, e.g. `"a1b2c3d4-17-de"`. */
    readonly etag: string,
  ) {}
}

const processTag = randomBytes(4).toString('hex');
let version = 0;
const prepared = new WeakMap<object, { version: number; byLocale: Map<Locale, PreparedAnswer> }>();

/**
 * The success envelope of `data` in `locale`, serialized on first use and reused for as long
 * as the caller passes the same `data` object (the caller keeps one object per snapshot).
 */
export function preparedEnvelope(messages: Messages, locale: Locale, data: object): PreparedAnswer {
  let entry = prepared.get(data);
  if (!entry) {
    entry = { version: ++version, byLocale: new Map() };
    prepared.set(data, entry);
  }
  let answer = entry.byLocale.get(locale);
  if (!answer) {
    answer = new PreparedAnswer(Buffer.from(JSON.stringify(ok(messages, locale, data))), `"${processTag}-${entry.version}-${locale}"`);
    entry.byLocale.set(locale, answer);
  }
  return answer;
}

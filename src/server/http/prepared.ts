/**
 * Answers serialized once and sent many times: a handler returns a
 * {@link PreparedAnswer} — the whole envelope as bytes with its ETag — and the call registry
 * sends those bytes as they are (`If-None-Match` → 304), with no per-request envelope, message
 * formatting or JSON serialization. {@link preparedEnvelope} builds one per data snapshot and
 * locale and keeps it while the snapshot object stays the same (e.g. one feed batch).
 *
 * Compression is done once per answer too: the brotli and gzip bytes of an answer are made the
 * first time a client accepts them and reused; each encoding is its own representation with its
 * own strong ETag (`"…-en"`, `"…-en-br"`, `"…-en-gzip"`), and every prepared answer says
 * `Vary: Accept-Encoding`.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/lang.js';
import type { Messages } from '../i18n.js';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, ENCODINGS } from './delivery.js';
import { ok } from './envelope.js';

/** A content coding a prepared answer can be sent in (`null`: as it is). */
export type PreparedEncoding = (typeof ENCODINGS)[number];

/** One representation of a prepared answer: its bytes and its strong ETag. */
export interface PreparedVariant {
  readonly body: Buffer;
  readonly etag: string;
  readonly encoding: PreparedEncoding | null;
}

/** A serialized success envelope and its (strong) ETag. */
export class PreparedAnswer implements PreparedVariant {
  readonly encoding = null;
  private readonly compressed = new Map<PreparedEncoding, PreparedVariant>();

  constructor(
    /** UTF-8 JSON of `{code, message, data}`. */
    readonly body: Buffer,
    /** Quoted strong validator, e.g. `"a1b2c3d4-17-de"`. */
    readonly etag: string,
  ) {}

  /**
   * This answer in `encoding` (compressed on first use, then kept with the answer), or the
   * answer itself for `null` and for bodies below {@link COMPRESS_THRESHOLD} (which the
   * compression plugin leaves alone too).
   *
   * Why: compressing the same bytes for every request would be the dominant cost of a compressed
   * `getAllMarkets`; an answer lives for one feed batch, so each encoding is made at most once
   * per batch and locale. A strong ETag names one exact byte sequence, so the compressed bytes
   * get their own (`<etag>-br`, `<etag>-gzip`).
   */
  variant(encoding: PreparedEncoding | null): PreparedVariant {
    if (encoding === null || this.body.length < COMPRESS_THRESHOLD) return this;
    let variant = this.compressed.get(encoding);
    if (!variant) {
      const body = encoding === 'br' ? zlib.brotliCompressSync(this.body, BROTLI_OPTIONS) : zlib.gzipSync(this.body);
      variant = { body, etag: `${this.etag.slice(0, -1)}-${encoding}"`, encoding };
      this.compressed.set(encoding, variant);
    }
    return variant;
  }
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

/** Accept-Encoding header value → negotiated encoding; a few distinct values exist in practice. */
const negotiated = new Map<string, PreparedEncoding | null>();
const NEGOTIATED_MAX = 256;

/**
 * The encoding to answer a request's `Accept-Encoding` with, by the rule `@fastify/compress`
 * applies to the other answers (so a prepared answer is compressed whenever an ordinary one
 * would be): the same negotiator (`@fastify/accept-negotiator`) over {@link ENCODINGS}, with `*`
 * and `x-gzip` read as `gzip`; null without the header, with `x-no-compression`, or when
 * nothing acceptable is offered. Results are remembered per header value (bounded).
 */
export function preparedEncoding(headers: FastifyRequest['headers']): PreparedEncoding | null {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/**
 * Sends a prepared answer: the representation the request accepts ({@link preparedEncoding}),
 * `ETag`, `Cache-Control: no-cache`, `Vary: Accept-Encoding`, and 304 without a body when
 * `If-None-Match` names that representation's ETag.
 *
 * The bytes are final: a route that only answers prepared answers is registered with
 * `compress: false` (calls.ts) so the compression plugin's hooks do not run for it; on any
 * other route a compressed variant carries `Content-Encoding`, which the plugin passes on.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  const variant = answer.variant(preparedEncoding(request.headers));
  reply.header('etag', variant.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return reply.type('application/json; charset=utf-8').send(variant.body);
}

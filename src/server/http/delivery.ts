/**
 * Phone-grade delivery, registered in one place before any route:
 * - `@fastify/compress`: brotli/gzip for API and screen JSON (and the HTML shell) above 1 KB.
 *   Built assets are not compressed per request: the build writes `.br`/`.gz` files that
 *   `@fastify/static` serves (`preCompressed`, see app.ts). SSE streams are hijacked and
 *   never pass through it.
 * - `helmet`'s headers (computed once, see {@link securityHeaders}): a strict
 *   Content-Security-Policy (`script-src 'self'`, no inline scripts, no `unsafe-eval`: form
 *   validators are precompiled on the server), `frame-ancestors 'none'`, `Referrer-Policy`,
 *   `X-Content-Type-Options: nosniff`, HSTS in production mode; plus a `Permissions-Policy`
 *   that allows the camera only for this origin (the ID photo) and nothing else.
 * Answers serialized once (`prepared.ts`) carry their own brotli/gzip bytes, made once per
 * answer, and their routes skip the plugin's per-request hooks.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** Responses smaller than this (bytes) are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;

/** The `Permissions-Policy` header: camera for our own pages only, every other power off. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';

/**
 * The CSP source expressions (`'sha256-…'`) of the inline `<style>` elements of an HTML page:
 * the shell's critical CSS is allowed by its hash, nothing else inline.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
}

/**
 * The Content-Security-Policy directives (helmet's format).
 * @param styleHashes hashes of the shell's inline `<style>` ({@link inlineStyleHashes}).
 */
export function cspDirectives(config: Pick<Config, 'mode'>, styleHashes: readonly string[] = []): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // No inline styles: style sheets from this origin and the shell's critical CSS by its hash.
    // Style properties set through the CSSOM (React's `style`, the chart library) are not
    // governed by CSP; `style` attributes in HTML and injected `<style>` elements are refused
    // (content HTML carries neither: it is sanitized on the server).
    styleSrc: ["'self'", ...styleHashes],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // Only behind TLS: on plain-HTTP demo servers it would break every asset.
    upgradeInsecureRequests: config.mode === 'production' ? [] : null,
  };
}

/**
 * Brotli parameters for API answers, compressed per request by the plugin or once per prepared
 * answer (`prepared.ts`): quality 4, the plugin's own default (11 costs far more CPU for a few
 * per cent fewer bytes).
 */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encodings API answers are compressed with, in order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;

/**
 * The security headers of every answer — helmet's (CSP, referrer, nosniff, frame options, HSTS
 * in production, …) and `Permissions-Policy` — as lower-case name → value, computed ONCE.
 *
 * Why: running helmet's middleware per request cost a `setHeader` call per header on the raw
 * response (each validated by Node, and a raw header forces Node's slower merge path in
 * `writeHead`) — a visible share of the server's CPU on small answers. With static directives
 * helmet's output does not depend on the request, so it is captured once from the same helmet
 * configuration, by running the middleware against a recording response, and then copied into
 * each reply in one hook. The values are exactly what helmet would set.
 * @throws Error if helmet's middleware does not finish synchronously or reports an error (a
 *   directive that depends on the request, e.g. a nonce, cannot be captured once).
 */
export function securityHeaders(config: Pick<Config, 'mode'>, styleHashes: readonly string[] = []): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, styleHashes) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.mode === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

/**
 * Registers compression and the security headers on `app`.
 * @param extraHeaders further constant headers of every answer (e.g. which process answered),
 *   set in the same hook as the security headers.
 * @param styleHashes CSP hashes of the shell's inline `<style>` (read from the built
 *   `index.html` at start; see {@link inlineStyleHashes}).
 */
export async function registerDelivery(
  app: FastifyInstance,
  config: Pick<Config, 'mode'>,
  extraHeaders: Readonly<Record<string, string>> = {},
  styleHashes: readonly string[] = [],
): Promise<void> {
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: [...ENCODINGS], brotliOptions: BROTLI_OPTIONS });
  // One object, computed once, copied into each reply by one synchronous hook (no promise, no
  // raw `setHeader`): Fastify hands it to `writeHead` with the reply's other headers. A route
  // that hijacks its reply (the SSE stream) passes `reply.getHeaders()` to its own `writeHead`.
  const headers = Object.freeze({ ...securityHeaders(config, styleHashes), ...lowerCaseKeys(extraHeaders) });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

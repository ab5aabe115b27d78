/**
 * Phone-grade delivery (issue 13), registered in one place before any route:
 * - `@fastify/compress`: brotli/gzip for API and screen JSON (and the HTML shell) above 1 KB.
 *   Built assets are not compressed per request: the build writes `.br`/`.gz` files that
 *   `@fastify/static` serves (`preCompressed`, see app.ts). SSE streams are hijacked and
 *   never pass through it.
 * - `helmet` (built once): a strict Content-Security-Policy (`script-src 'self'`, no inline
 *   scripts, no `unsafe-eval`: form validators are precompiled on the server),
 *   `frame-ancestors 'none'`, `Referrer-Policy`, `X-Content-Type-Options: nosniff`, HSTS in
 *   production mode; plus a `Permissions-Policy` that allows the camera only for this origin
 *   (the ID photo) and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** Responses smaller than this (bytes) are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;

/** The `Permissions-Policy` header: camera for our own pages only, every other power off. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';

/** The Content-Security-Policy directives (helmet's format). */
export function cspDirectives(config: Pick<Config, 'mode'>): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React's style attributes and the chart library set inline styles; no inline <script> is allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
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

/** Registers compression and the security headers on `app`. */
export async function registerDelivery(app: FastifyInstance, config: Pick<Config, 'mode'>): Promise<void> {
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  // helmet's middleware, built ONCE: @fastify/helmet calls `helmet(options)` on every request,
  // which re-parses the CSP directives each time (≈ 6 % of a `getAllMarkets` request's CPU, issue 14).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.mode === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    return payload;
  });
}

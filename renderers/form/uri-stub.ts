/**
 * Stands in for `fast-uri` inside @rjsf/utils (aliased in vite.config.ts): rjsf only
 * needs `equal` and `resolve` to follow `$ref`s across `$id`s, which the browser's URL parser
 * does; the full RFC 3986 library (~8 KB gzip) stays out of the form chunk.
 */

/** Whether two URI references are the same (after resolving against nothing). */
function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

/** Resolves `ref` against `base` (RFC 3986 §5 via WHATWG URL for absolute bases). */
function resolve(base: string | undefined, ref: string): string {
  if (!base) return ref;
  if (ref.startsWith('#')) return `${base.split('#')[0]}${ref}`;
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

export default { equal, resolve };

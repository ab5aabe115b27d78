/**
 * Layout templates (issue 5): `{field}` in a route takes an item's field (URL-encoded), and
 * `{query.name}` in call params takes the current URL's query parameter, so one layout serves
 * every symbol (`/marketDetails?symbol=TCS` → `{"symbol": "{query.symbol}"}`).
 */
import { readPath } from '../formatters';

/** Fills `{path}` placeholders of a route with an item's values (URL-encoded). */
export function fillRoute(template: string, item: unknown): string {
  return template.replace(/\{([^}]+)\}/g, (_, path: string) => encodeURIComponent(String(readPath(item, path) ?? '')));
}

/**
 * Resolves `{query.x}` placeholders in call params with the URL's query parameters. A value
 * that is exactly one placeholder keeps the parameter's type (string) or becomes '' when absent.
 */
export function resolveParams(params: Record<string, unknown> | undefined, query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    out[key] = typeof value === 'string' ? value.replace(/\{query\.([A-Za-z0-9_]+)\}/g, (_, name: string) => query.get(name) ?? '') : value;
  }
  return out;
}

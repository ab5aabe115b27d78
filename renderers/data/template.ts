/**
 * The one template engine of layouts: `{path}` placeholders filled from a scope — an item's
 * field (`{id}`, `/adminIdentity?id={id}`) or the route query (`{query.symbol}`), so one layout
 * serves every record and every symbol.
 */

/** Reads a dot path (`a.b`) from an object; `''` reads the value itself. */
export function readPath(data: unknown, path: string): unknown {
  if (!path) return data;
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}

/** How {@link bindTemplate} writes a placeholder that is part of a longer string. */
export interface TemplateOptions {
  /** Encode each filled value (routes: `encodeURIComponent`). */
  encode?: (text: string) => string;
}

/**
 * Fills `{path}` placeholders in strings, arrays and objects from `scope`. A string that is
 * exactly one placeholder keeps the value's type (a number stays a number, a missing value is
 * `undefined`); inside a longer string a missing value is written as `''`.
 */
export function bindTemplate(template: unknown, scope: unknown, options: TemplateOptions = {}): unknown {
  if (typeof template === 'string') {
    const whole = /^\{([^}]+)\}$/.exec(template);
    if (whole && !options.encode) return readPath(scope, whole[1]!);
    const encode = options.encode ?? ((text: string) => text);
    return template.replace(/\{([^}]+)\}/g, (_, path: string) => encode(String(readPath(scope, path) ?? '')));
  }
  if (Array.isArray(template)) return template.map((item) => bindTemplate(item, scope, options));
  if (template && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, bindTemplate(value, scope, options)]));
  }
  return template;
}

/** A route with `{field}` placeholders filled from an item, each value URL-encoded. */
export const fillRoute = (template: string, item: unknown): string => String(bindTemplate(template, item, { encode: encodeURIComponent }));

/** Whether call params still lack a `{query.x}` value the route does not carry (then nothing is called). */
export function missesQuery(template: unknown, bound: Record<string, unknown>): boolean {
  return JSON.stringify(template ?? {}).includes('{query.') && Object.values(bound).some((v) => v === undefined || v === '');
}

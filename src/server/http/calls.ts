/**
 * Declares `/api` calls: POST (or GET) route, who may call it, which schema validates the
 * body, and a handler that returns the envelope's `data`. Keeps the list of registered call
 * names, which the layout linter checks layouts against.
 */
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Locale } from '../../shared/lang.js';
import { isFieldError, toFieldError, type FieldError, type SchemaNode } from '../../shared/validation.js';
import { assertEnrolled } from '../domain/staff-totp.js';
import { AppError } from '../domain/errors.js';
import { authenticate, type AuthUser } from '../domain/sessions.js';
import type { Deps } from '../domain/deps.js';
import type { SchemaStore } from '../screens/store.js';
import { ok, requestLocale } from './envelope.js';
import { idempotencyOf } from './idempotency.js';
import type { IdempotencyRequest } from '../domain/idempotency.js';
import { PreparedAnswer, sendPrepared } from './prepared.js';
import { coerceQueryParams } from './query-params.js';
import { INTENT_HEADER, LOAD_INTENT } from '../../shared/calls.js';
import { declaredResponse, derivedResponses, type DataSchema } from './response-schemas.js';
import type { Access, CallInfo, ConfirmSpec, Effect } from '../../shared/calls.js';

export type { Access, CallInfo, ConfirmSpec, Effect } from '../../shared/calls.js';

/** What a handler receives. */
export interface CallContext<B> {
  body: B;
  /** The caller, or null for visitors on `public` / `optional` calls. */
  auth: AuthUser | null;
  locale: Locale;
  ip: string;
  request: FastifyRequest;
  /**
   * The request's `Idempotency-Key` bound to this call and its validated body, on calls
   * declared `idempotent: true` when the header is sent; null otherwise.
   */
  idempotency: IdempotencyRequest | null;
}

/**
 * A body validated by one of several schemas, chosen by one field's value — e.g.
 * `order/purchase`: `kind: updown` by the up/down form's schema, `kind: stock` by the buy form's
 * (the form and the server validate the same schema). An unknown value is validated
 * against the first schema, which refuses it.
 */
export interface BodyByField {
  field: string;
  /** Field value → payload schema reference under `schemas/`. */
  schemas: Record<string, string>;
}

/** One call's declaration. */
export interface CallSpec<B> {
  /** Path under `/api`, e.g. `bank/addBank`. */
  name: string;
  method?: 'POST' | 'GET';
  access: Access;
  /** Query (reads only) or command (changes state); see {@link Effect}. Required: no call omits it. */
  effect: Effect;
  /**
   * The renderer confirms the call before it runs (money commands). Operator commands are
   * confirmed whether or not they declare it.
   */
  confirm?: ConfirmSpec;
  /**
   * Payload schema reference under `schemas/`, e.g. `api/bankDelete`, or one per value of a
   * field; none means `{}` only. A screen reference `screens/<name>` (a form's body) means both
   * schemas of the body must pass the code-owned contract `contracts/<name>` first
   * (when there is one) and then the staff-owned screen schema as served (its latest published
   * version), which may only narrow it.
   */
  body?: string | BodyByField;
  /**
   * Staff who must enrol their second factor first (`staff-totp.ts`) may make this call too:
   * the enrolment calls, logout and user info. Every other call refuses them with
   * `secondFactorEnrolmentRequired`.
   */
  beforeSecondFactor?: boolean;
  /**
   * What the contract says a raw body means before it is validated, e.g. "direction 1 = up,
   * anything else down" (docs/product.md, Up/down trading; an object body only; the result is
   * validated).
   */
  prepare?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /**
   * The call's own refusal per field: when that field fails its schema (missing included), the
   * call answers this error instead of code 1000 — e.g. `amount` → 1403 with the configured
   * bounds. An unknown field is still 1001. It gets the raw body and the field's error (its
   * message id and the failed bound: `values.limit` is the served schema's `minimum`, …), and
   * may look things up (e.g. `ipo/purchase` lots → 1702 with the issue's own min/max lots);
   * null leaves the field to the common validation refusal (1000).
   */
  refusals?: Record<string, (raw: Record<string, unknown>, error: FieldError) => AppError | null | Promise<AppError | null>>;
  /**
   * A money-moving call that honours `Idempotency-Key`: the registry reads the header
   * after validating the body (code 1202 `idempotencyKeyInvalid` when malformed) and hands
   * it to the handler as `idempotency`, bound to this call's name.
   */
  idempotent?: boolean;
  /** Extra Fastify route options (rate limits, `schema.response` for fast-json-stringify). */
  options?: RouteShorthandOptions;
  /**
   * The handler answers a {@link PreparedAnswer}: its bytes, ETag variants and
   * compressed forms are made once per snapshot (prepared.ts), so the route is registered
   * without the compression plugin's per-request hooks (`compress: false`). Anything else the
   * call answers (its error envelopes, all below the compression threshold) goes out as it is.
   */
  prepared?: boolean;
  /** Returns the envelope's `data`, or a {@link PreparedAnswer} sent as it is (with its ETag). */
  handle(ctx: CallContext<B>): Promise<unknown> | unknown;
}

/** Reads the bearer token: `Authorization: Bearer <token>` or a bare token. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : header.trim();
  return token || null;
}

/** Registers calls on one Fastify instance and remembers their names. */
export class CallRegistry {
  readonly names = new Set<string>();
  /**
   * Every declared call, in declaration order (the OpenAPI document is built from it), with its
   * response (`data`) schema: the one its route options declare, else the one derived from its
   * handler's type (`derivedResponses`); none only for a call the derivation could not see.
   */
  readonly declared: Array<Pick<CallSpec<unknown>, 'name' | 'method' | 'access' | 'effect' | 'confirm' | 'body' | 'idempotent'> & { multipart?: boolean; response?: DataSchema }> = [];
  /** Each call's {@link CallInfo} by name. */
  readonly info = new Map<string, CallInfo>();

  /** A call's request (body) schema reference and response (`data`) schema, for the layout lint. */
  schemasOf(name: string): { body?: CallSpec<unknown>['body']; response?: DataSchema } | undefined {
    const call = this.declared.find((c) => c.name === name);
    return call && { body: call.body, response: call.response };
  }

  /**
   * A bound of one field of a served screen schema (its latest published version, else the
   * file), e.g. the `minimum` of `withdrawal`'s `amount`: what the server enforces for that
   * form, so an answer that states the rule (the least amount a screen shows) states the
   * published one.
   * @returns undefined when the schema, the field or the bound is absent.
   */
  servedBound(form: string, field: string, keyword: 'minimum' | 'maximum'): number | undefined {
    const value = this.store.readJson<SchemaNode>(`screens/${form}.schema.json`)?.properties?.[field]?.[keyword];
    return typeof value === 'number' ? value : undefined;
  }

  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: Deps,
    private readonly store: SchemaStore,
  ) {}

  /**
   * Lists a call that has its own route (multipart uploads) for the layout linter and the
   * OpenAPI document; registers no route.
   * @param response the call's response (`data`) schema.
   */
  declareUpload(name: string, access: Access, effect: Effect, response: DataSchema): void {
    this.names.add(name);
    this.declared.push({ name, method: 'POST', access, effect, multipart: true, response });
    this.info.set(name, callInfo({ name, access, effect }));
  }

  /** Declares a call. */
  define<B = Record<string, never>>(spec: CallSpec<B>): void {
    this.names.add(spec.name);
    const info = callInfo(spec);
    const response = declaredResponse(spec.options) ?? derivedResponses()[spec.name];
    this.declared.push({ name: spec.name, method: spec.method ?? 'POST', access: spec.access, effect: spec.effect, confirm: info.confirm, body: spec.body, idempotent: spec.idempotent, ...(response ? { response } : {}) });
    this.info.set(spec.name, info);
    const { deps, store } = this;
    const command = spec.effect === 'command';
    this.app.route({
      method: spec.method ?? 'POST',
      url: `/api/${spec.name}`,
      ...(spec.options ?? {}),
      // Prepared answers carry their own compressed forms; a money command's receipt is far
      // below the compression threshold, so neither runs the plugin's two hooks per request.
      ...(spec.prepared || spec.idempotent ? { compress: false as const } : {}),
      handler: async (request, reply) => {
        const locale = requestLocale(request);
        // A command never runs from a screen's load, prefetch, poll or reload, whatever the layout says.
        if (command && isLoadIntent(request)) throw new AppError('commandOnLoad', { call: spec.name });
        // Public calls skip even the await (no promise per request; resolveAuth answers null for them).
        const auth = spec.access === 'public' ? null : await resolveAuth(deps, request, spec.access, spec.beforeSecondFactor);
        let raw = spec.method === 'GET' ? {} : bodyOrQuery(store, spec.body, request);
        if (spec.prepare && isRecord(raw)) raw = spec.prepare(raw);
        const ref = schemaRefOf(spec.body, raw);
        const contract = contractRef(store, ref);
        let body = (await validateBody(store, contract, raw, deps, locale, spec.refusals)) as B;
        if (contract !== ref) body = (await validateBody(store, ref, body, deps, locale, spec.refusals)) as B;
        const idempotency = spec.idempotent ? idempotencyOf(request, spec.name, body) : null;
        const data = await spec.handle({ body, auth, locale, ip: request.ip, request, idempotency });
        // Serialized (and compressed) once per snapshot: the bytes go out as they are.
        if (data instanceof PreparedAnswer) return sendPrepared(request, reply, data);
        return ok(deps.messages, locale, data ?? null);
      },
    });
  }
}

/**
 * A registered call's schemas for the layout lint (binding-lint.ts): its request schema (the
 * contract of a form's body; null when it takes no parameters; undefined for a body chosen by
 * a field, or a schema that cannot be read) and its response (`data`) schema.
 * @returns undefined for an unregistered call.
 */
export function callSchemas(calls: CallRegistry, store: SchemaStore, name: string): { request?: Record<string, unknown> | null; response?: Record<string, unknown> } | undefined {
  const call = calls.schemasOf(name);
  if (!call) return undefined;
  let request: Record<string, unknown> | null | undefined;
  if (call.body === undefined) request = null;
  else if (typeof call.body === 'string') {
    try {
      request = store.payloadSchema(contractRef(store, call.body)!).schema as Record<string, unknown>;
    } catch {
      request = undefined;
    }
  }
  return { request, ...(call.response ? { response: call.response } : {}) };
}

/** Whether the request is marked as running without a tap (`X-Nivesh-Intent: load`). */
export function isLoadIntent(request: FastifyRequest): boolean {
  const value = request.headers[INTENT_HEADER.toLowerCase()];
  return (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v.trim().toLowerCase() === LOAD_INTENT);
}

/**
 * A call's {@link CallInfo}: operator commands are confirmed (with the declared amount field,
 * if any); the screen schemas its body names are the forms it serves.
 */
function callInfo(spec: Pick<CallSpec<unknown>, 'name' | 'access' | 'effect' | 'confirm' | 'body'>): CallInfo {
  const refs = spec.body === undefined ? [] : typeof spec.body === 'string' ? [spec.body] : Object.values(spec.body.schemas);
  const forms = refs.filter((ref) => ref.startsWith('screens/')).map((ref) => ref.slice('screens/'.length));
  const confirm = spec.effect === 'command' && (spec.confirm || spec.access === 'operator') ? { ...spec.confirm } : undefined;
  return { name: spec.name, effect: spec.effect, access: spec.access, ...(confirm ? { confirm } : {}), forms, ...(typeof spec.body === 'string' ? { bodyRef: spec.body } : {}) };
}

/**
 * The contract that guards a `screens/<name>` body (`contracts/<name>`, owned by
 * code), or the reference itself when it is not a screen schema or has no contract.
 */
export function contractRef(store: SchemaStore, ref: string | undefined): string | undefined {
  if (!ref?.startsWith('screens/')) return ref;
  const name = ref.slice('screens/'.length);
  return store.contract(name) ? `contracts/${name}` : ref;
}

/**
 * The call's parameters (docs/product.md, Calls): the body, or when the body is empty (absent,
 * `null` or `{}`) the query string's parameters — all but `lang`, the message locale, unless the
 * schema has a `lang` field — coerced to the schema's property types by {@link coerceQueryParams}
 * (`integer`/`number`, `boolean`, arrays as repeated keys or comma lists).
 */
export function bodyOrQuery(store: SchemaStore, body: CallSpec<unknown>['body'], request: FastifyRequest): unknown {
  const raw = request.body;
  const empty = raw === undefined || raw === null || (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0);
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!empty) return raw;
  const ref = contractRef(store, schemaRefOf(body, query));
  const schema = ref ? store.payloadSchema(ref).schema : undefined;
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key !== 'lang' || (schema?.properties && 'lang' in schema.properties)) params[key] = Array.isArray(value) ? [...value] : value;
  }
  return Object.keys(params).length ? coerceQueryParams(params, schema) : raw;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema reference that validates `raw` (for a {@link BodyByField}: by the field's value, else the first). */
export function schemaRefOf(body: CallSpec<unknown>['body'], raw: unknown): string | undefined {
  if (body === undefined || typeof body === 'string') return body;
  const value = isRecord(raw) ? raw[body.field] : undefined;
  return (typeof value === 'string' ? body.schemas[value] : undefined) ?? Object.values(body.schemas)[0];
}

/**
 * Resolves the caller for an access level; throws `notLoggedIn` or `forbidden`, and
 * `secondFactorEnrolmentRequired` for staff who must enrol a second factor before anything
 * else (unless `beforeSecondFactor`).
 */
export async function resolveAuth(deps: Deps, request: FastifyRequest, access: Access, beforeSecondFactor = false): Promise<AuthUser | null> {
  if (access === 'public') return null; // no session lookup for calls anyone may make
  const token = bearerToken(request);
  const auth = token ? await authenticate(deps, token) : null;
  if (access === 'optional') return auth;
  if (!auth) throw new AppError('notLoggedIn');
  if (access === 'operator' && auth.role !== 'operator') throw new AppError('forbidden');
  if (access === 'editor' && auth.role !== 'editor') throw new AppError('forbidden');
  if (!beforeSecondFactor) await assertEnrolled(deps, auth);
  return auth;
}

/**
 * Validates a body with its schema. Every failure answers code 1000 with the first error's
 * localized text as `message` and all field errors as `data.errors`; an unknown field is
 * rejected (code 1001), not ignored; a field with its own refusal (`refusals`) answers that.
 */
async function validateBody(store: SchemaStore, ref: string | undefined, raw: unknown, deps: Deps, locale: Locale, refusals: CallSpec<unknown>['refusals']): Promise<unknown> {
  const body = raw === undefined || raw === null ? {} : raw;
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('badRequest');
  if (!ref) {
    const extra = Object.keys(body);
    if (extra.length) throw new AppError('unknownField', { field: extra[0]! });
    return body;
  }
  const { schema, validate } = store.payloadSchema(ref);
  if (validate(body)) return body;
  const errors = emptyAsMissing((validate.errors ?? []).filter((error) => isFieldError(error.keyword)).map((error) => toFieldError(error, schema)), body as Record<string, unknown>, schema);
  const unknown = errors.find((e) => e.messageId === 'validation.unknownField');
  if (unknown) throw new AppError('unknownField', { field: unknown.field });
  const refused = refusals && errors.find((e) => refusals[e.field]);
  const own = refused ? await refusals[refused.field]!(body as Record<string, unknown>, refused) : null;
  if (own) throw own;
  const fields = errors.map((e) => {
    const label = schema.properties?.[e.field]?.title;
    const text = deps.messages.format(locale, e.messageId, e.values);
    return { field: e.field, message: label ? `${deps.messages.format(locale, label)}: ${text}` : text };
  });
  throw new AppError('validation', { detail: fields[0]!.message }, { errors: fields });
}

/**
 * An empty string in a required field counts as missing: one 'Cannot be Empty' error for the
 * field (docs/product.md, Validation texts) instead of its length, format or pattern errors — the same text the
 * browser shows, where an emptied input is dropped from the form data.
 */
function emptyAsMissing(errors: FieldError[], body: Record<string, unknown>, schema: SchemaNode): FieldError[] {
  const required = new Set(schema.required ?? []);
  const reported = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    if (!required.has(error.field) || body[error.field] !== '') {
      result.push(error);
    } else if (!reported.has(error.field)) {
      reported.add(error.field);
      result.push({ field: error.field, messageId: 'validation.required' });
    }
  }
  return result;
}

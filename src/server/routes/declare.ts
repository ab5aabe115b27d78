/**
 * The compact way a route file declares its calls: one declarer per access level, and per call
 * one line naming its effect (`query` reads only, `command` changes state), its name, its body
 * schema and its handler. What else a call declares (confirmation, idempotency, refusals,
 * method, route options, …) rides along as `extras`. Each declaration is a
 * {@link CallRegistry.define} call (or a wrapper of it, such as the studio's feature gate) with
 * exactly those fields.
 */
import type { Access, CallRegistry, CallSpec } from '../http/calls.js';

/** What a call declares beyond its name, access, effect, body schema and handler. */
export type CallExtras<B> = Omit<CallSpec<B>, 'name' | 'access' | 'effect' | 'body' | 'handle'>;

/** Declares calls of one access level (see {@link callsWith}). */
export interface CallDeclarer {
  /**
   * A query: reads only (safe when a screen opens, to poll, to prefetch).
   * @param body payload schema under `schemas/` (see {@link CallSpec.body}); undefined: `{}` only.
   */
  query<B = Record<string, never>>(name: string, body: CallSpec<B>['body'], handle: CallSpec<B>['handle'], extras?: CallExtras<B>): void;
  /**
   * A command: changes state; runs only from a tap.
   * @param body payload schema under `schemas/` (see {@link CallSpec.body}); undefined: `{}` only.
   */
  command<B = Record<string, never>>(name: string, body: CallSpec<B>['body'], handle: CallSpec<B>['handle'], extras?: CallExtras<B>): void;
}

/** A declarer of calls with `access` on `calls`. */
export function callsWith(calls: Pick<CallRegistry, 'define'>, access: Access): CallDeclarer {
  return {
    query: (name, body, handle, extras) => calls.define({ name, effect: 'query', access, ...(body === undefined ? {} : { body }), ...extras, handle }),
    command: (name, body, handle, extras) => calls.define({ name, effect: 'command', access, ...(body === undefined ? {} : { body }), ...extras, handle }),
  };
}

/**
 * What the renderer knows about a call a screen names, sent with the screen from the call
 * registry (never from the layout): whether it is a command, and whether a tap on it must be
 * confirmed first, with the body fields to show.
 */

/** A call's declaration as a screen payload carries it. */
export interface ScreenCall {
  effect: 'query' | 'command';
  /** Present when the renderer confirms the call before it runs. */
  confirm?: {
    /** Body field with the amount (currency units, as the form sends it). */
    amountField?: string;
    /** Body field with the number of units (shares, lots). */
    quantityField?: string;
    /** Query whose answer holds the fee ratio at `field` (0.03 = 3 %): the sheet adds fee and net. */
    fee?: { call: string; field: string };
  };
  /**
   * The body fields a query's request schema requires (its top-level `required`); absent for a
   * command and for a call without a single body schema. An estimate leaves out a param that is not required
   * while its form value is empty, and waits for every required one.
   */
  required?: string[];
}

/** The message id of a call's name on the confirmation sheet, e.g. `call.pay_recharge` for `pay/recharge`. */
export const callTitleId = (name: string): string => `call.${name.replace(/\//g, '_')}`;

/** The request header marking a request that runs without a tap; its one value is {@link LOAD_INTENT}. */
export const INTENT_HEADER = 'X-Nivesh-Intent';
/** The value of {@link INTENT_HEADER} for a screen's loads, prefetches, polls and reloads. */
export const LOAD_INTENT = 'load';

/**
 * Who may call: anyone, anyone (user resolved when a token is sent), any logged-in user,
 * operators only, editors only (product staff in the studio; operators are not
 * editors unless given the role).
 */
export type Access = 'public' | 'optional' | 'user' | 'operator' | 'editor';

/**
 * What a call does: a `query` only reads (safe to run when a screen opens, to poll, to
 * prefetch); a `command` changes state and runs only from a tap. A request marked
 * `X-Nivesh-Intent: load` (the renderer's loads, prefetches, polling and reloads) may name
 * only queries: a command with that header is refused with `commandOnLoad` (1810).
 */
export type Effect = 'query' | 'command';

/**
 * A command that the renderer asks the user to confirm before it runs: the sheet shows the
 * call's localized name (message id `callTitleId` of src/shared/calls.ts) and, when `amountField` names a body
 * field, that amount — never text from the layout.
 */
export interface ConfirmSpec {
  /** Body field holding the amount the call moves (currency units, as the form sends it). */
  amountField?: string;
  /** Body field holding the number of units (shares, lots) the call buys or sells. */
  quantityField?: string;
  /**
   * A query (named by the screen's layout too) whose answer holds the fee ratio at `field`
   * (0.03 = 3 %): the sheet shows the fee of the amount (the server's rule, `withdrawalFeeMinor`)
   * and the net below the amount.
   */
  fee?: { call: string; field: string };
}

/** What the renderer and the layout lint know about a call: its declaration, no handler. */
export interface CallInfo {
  name: string;
  effect: Effect;
  access: Access;
  /** Present when the renderer must confirm the call before it runs. */
  confirm?: ConfirmSpec;
  /** Screen schemas (`screens/<name>` bodies) the call accepts: the forms bound to it. */
  forms: string[];
  /** The one body schema reference (`api/x`, `screens/x`); absent when none or one per value of a field. */
  bodyRef?: string;
}

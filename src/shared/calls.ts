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
  };
}

/** The message id of a call's name on the confirmation sheet, e.g. `call.pay_recharge` for `pay/recharge`. */
export const callTitleId = (name: string): string => `call.${name.replace(/\//g, '_')}`;

/** The request header marking a request that runs without a tap; its one value is {@link LOAD_INTENT}. */
export const INTENT_HEADER = 'X-Nivesh-Intent';
/** The value of {@link INTENT_HEADER} for a screen's loads, prefetches, polls and reloads. */
export const LOAD_INTENT = 'load';

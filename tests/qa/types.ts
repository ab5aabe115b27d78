/**
 * The QA case format: what `tests/cases/*.case.json` files hold and what the
 * generator produces from a screen's schema + layout. `schemas/cases.meta.json` is the same
 * contract as a JSON Schema (the linter checks files against it).
 */

/**
 * Who runs a case: a visitor (no session), a fresh investor, the demo operator (back office),
 * the demo editor (studio) or a second demo editor (`editor2`, when the demo server seeds one).
 */
export type CaseRole = 'visitor' | 'investor' | 'operator' | 'editor' | 'editor2';

/** App languages a case can run in (the stored `lang` is the upper-case code). */
export type CaseLang = 'de' | 'en' | 'hi' | 'zh';

/** The account state a case starts from, set up through the real API. */
export interface CaseGiven {
  /** Currency units credited by a real deposit that an operator approves (0 = none). */
  funded?: number;
  identity?: 'none' | 'pending' | 'approved';
  /** A bound bank account. */
  bank?: boolean;
  /**
   * An open offer to act on, made through the operator's real calls before the case
   * (`basket`: the first current AI basket); its id replaces `{offer}` in `route`.
   */
  offer?: CaseOffer;
}

/** Kinds of record `given.offer` prepares: a gather plan, a block-trading offer, an IPO, an AI basket. */
export type CaseOffer = 'gather' | 'block' | 'ipo' | 'basket';

/** One step; exactly one key. Message ids (`a.b`) are shown in the case's language. */
export type CaseStep =
  | { fill: { form: string; field: string; value: string | number | boolean } }
  | { tap: { block?: string; label: string } }
  | { submit: string }
  | { navigate: string }
  | { wait: number }
  | { expectText: string }
  | { expectFieldError: { form: string; field: string; message: string; values?: Record<string, string | number> } }
  | { expectToast: string }
  | { expectUrl: string }
  | { expectCall: { name: string; body?: Record<string, unknown>; schema?: string } }
  | { expectNoText: string }
  | { expectNoCall: string }
  | { expectRecord: { call: string; body?: Record<string, unknown>; record: Record<string, unknown> } };

/** A whole case. */
export interface QaCase {
  name: string;
  route: string;
  as: CaseRole;
  lang?: CaseLang;
  given?: CaseGiven;
  steps: CaseStep[];
}

/** The kind of a step (its only key). */
export const stepKind = (step: CaseStep): string => Object.keys(step)[0]!;

/** A message id as the locales spell them (`area.name`), as opposed to a literal text. */
export const isMessageId = (text: string): boolean => /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(text);

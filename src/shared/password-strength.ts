/**
 * Password strength (OWASP ASVS 5.0 §6.2): zxcvbn-ts with its common-password,
 * name and word dictionaries. The server refuses guessable passwords (score 0–1: a top or
 * common password, a repeat, a sequence, a keyboard walk); the strength meter on /register and
 * /ChangePassword shows the same estimate. Length limits (8–128) live in the schemas; there are
 * no composition rules. Loaded lazily on the client (the dictionaries are large).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** 0 (guessable in < 10³ tries) … 4 (≥ 10¹⁰ tries). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** Lowest score the server accepts. */
export const MIN_SCORE: StrengthScore = 2;

/** The estimate of one password. */
export interface Strength {
  score: StrengthScore;
  /** True when the server refuses it (score below {@link MIN_SCORE}). */
  tooWeak: boolean;
  /** Message id of the main reason it is weak, or null. */
  hintId: string | null;
}

let factory: ZxcvbnFactory | null = null;

const HINTS: Record<string, string> = {
  topTen: 'password.hint.common',
  topHundred: 'password.hint.common',
  common: 'password.hint.common',
  similarToCommon: 'password.hint.common',
  wordByItself: 'password.hint.word',
  namesByThemselves: 'password.hint.word',
  commonNames: 'password.hint.word',
  userInputs: 'password.hint.personal',
  simpleRepeat: 'password.hint.repeat',
  extendedRepeat: 'password.hint.repeat',
  sequences: 'password.hint.sequence',
  straightRow: 'password.hint.keyboard',
  keyPattern: 'password.hint.keyboard',
  recentYears: 'password.hint.dates',
  dates: 'password.hint.dates',
};

/**
 * Estimates a password's strength.
 * @param userInputs words the password should not be built from (the email, its local part).
 */
export function passwordStrength(password: string, userInputs: string[] = []): Strength {
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  // Beyond 128 characters the schema refuses anyway; cap the work.
  const result = factory.check(password.slice(0, 128), userInputs.filter(Boolean));
  const score = result.score as StrengthScore;
  const warning = result.feedback.warning;
  const tooWeak = score < MIN_SCORE;
  return { score, tooWeak, hintId: warning ? (HINTS[warning] ?? 'password.hint.weak') : tooWeak ? 'password.hint.weak' : null };
}

/**
 * Refusals of an amount that fails its form's schema (`CallSpec.refusals`): the answer states
 * the bound the served schema sets — the minimum or maximum staff published in the studio, or
 * the contract's — as money in the account currency, the same value the form's field error
 * and the screen's hint show.
 */
import { AppError } from '../domain/errors.js';
import { formatMoney } from '../../shared/format.js';
import type { FieldError } from '../../shared/validation.js';

/** The smallest amount of every money contract (0.01): "above 0". */
const ONE_CENT = 0.01;

/**
 * The refusal of a bad `amount`: below the schema's minimum `amountBelowMinimum` (1216,
 * `{min}`), above its maximum `amountAboveMaximum` (1217, `{max}`), anything else (missing, not
 * a number, more than 2 decimals) `amountInvalid` (1203). A minimum of one cent is the
 * contract's "above 0", which `amountInvalid` states.
 * @param error the amount's field error (`bound` and `values.limit` name the failed bound).
 */
export function amountRefusal(_raw: Record<string, unknown>, error: FieldError): AppError {
  const limit = error.values?.limit;
  if (typeof limit === 'number' && limit > ONE_CENT && (error.bound === 'minimum' || error.bound === 'exclusiveMinimum')) return new AppError('amountBelowMinimum', { min: formatMoney(limit) });
  if (typeof limit === 'number' && (error.bound === 'maximum' || error.bound === 'exclusiveMaximum')) return new AppError('amountAboveMaximum', { max: formatMoney(limit) });
  return new AppError('amountInvalid');
}

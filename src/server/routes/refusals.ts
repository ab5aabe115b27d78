/**
 * Refusals of an amount or a quantity that fails its form's schema (`CallSpec.refusals`): the answer states
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
 * The refusal of an amount outside a bound of its schema: below the minimum
 * `amountBelowMinimum` (1216, `{min}`), above the maximum `amountAboveMaximum` (1217, `{max}`);
 * null for any other failure (missing, not a number, more than 2 decimals) and for a minimum of
 * one cent, the contract's "above 0" — those keep the call's common refusal.
 * @param error the amount's field error (`bound` and `values.limit` name the failed bound).
 */
export function amountBoundRefusal(_raw: Record<string, unknown>, error: FieldError): AppError | null {
  const limit = error.values?.limit;
  if (typeof limit !== 'number') return null;
  if (limit > ONE_CENT && (error.bound === 'minimum' || error.bound === 'exclusiveMinimum')) return new AppError('amountBelowMinimum', { min: formatMoney(limit) });
  if (error.bound === 'maximum' || error.bound === 'exclusiveMaximum') return new AppError('amountAboveMaximum', { max: formatMoney(limit) });
  return null;
}

/**
 * {@link amountBoundRefusal}, and `amountInvalid` (1203) for every other failure of the amount.
 * @param error the amount's field error.
 */
export function amountRefusal(raw: Record<string, unknown>, error: FieldError): AppError {
  return amountBoundRefusal(raw, error) ?? new AppError('amountInvalid');
}

/**
 * The refusal of a bad share or ETF unit `quantity`: below a minimum above 1 (one the form's
 * published schema sets) `quantityBelowMinimum` (1417, `{min}`); above the maximum (published,
 * or the contract's) `quantityAboveMaximum` (1418, `{max}`), as an amount above its maximum is
 * `amountAboveMaximum`; anything else `quantityInvalid` (1406).
 * @param error the quantity's field error.
 */
export function quantityRefusal(_raw: Record<string, unknown>, error: FieldError): AppError {
  const limit = error.values?.limit;
  if (typeof limit === 'number' && limit > 1 && error.bound === 'minimum') return new AppError('quantityBelowMinimum', { min: limit });
  if (typeof limit === 'number' && error.bound === 'maximum') return new AppError('quantityAboveMaximum', { max: limit });
  return new AppError('quantityInvalid');
}

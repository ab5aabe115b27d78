/**
 * Shared checks of money operations: the India-time windows (docs/product.md, Money windows: "Please transfer
 * in/out during the specified time {start} to {end}"), amounts in minor units and the
 * withdrawal fee.
 */
import { toMinor } from '../../../shared/money.js';
import { isWithinWindow, type TimeWindow } from '../../../shared/windows.js';
import { indiaInstant } from '../../../shared/india-time.js';
import { AppError } from '../errors.js';

/**
 * @param now epoch milliseconds from the injected clock.
 * @throws AppError `outsideWindow` with the window's start and end (India time); on a weekend
 *   for a weekdays-only window the message says it is open Monday to Friday.
 */
export function assertWithinWindow(window: TimeWindow, now: number): void {
  if (isWithinWindow(window, now)) return;
  const { weekday } = indiaInstant(now);
  const weekend = window.weekdaysOnly && (weekday === 0 || weekday === 6);
  throw new AppError('outsideWindow', { start: window.start, end: window.end, weekend: weekend ? 'yes' : 'no' });
}

/**
 * An API amount (currency units) as positive integer minor units.
 * @throws AppError `amountInvalid` for zero, negatives or more than 2 decimals.
 */
export function amountToMinor(amount: number): number {
  let minor: number;
  try {
    minor = toMinor(amount);
  } catch {
    throw new AppError('amountInvalid');
  }
  if (minor <= 0) throw new AppError('amountInvalid');
  return minor;
}

/** The withdrawal fee (isomorphic: the withdrawal form shows the same figure). */
export { withdrawalFeeMinor } from '../../../shared/money.js';

/**
 * What the deposit and withdrawal forms show before submitting (`pay/getTime`,
 * `withdrawal/getServiceChargeProportion`): windows, minimums and the fee ratio, from
 * configuration, with whether the window is open now (injected clock).
 */
import { fromMinor } from '../../../shared/money.js';
import { isWithinWindow, nextWindowOpening } from '../../../shared/windows.js';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.js';
import type { Deps } from '../deps.js';

/** Answer of `pay/getTime`. Times `HH:MM` India time; money in currency units. */
export interface DepositTerms {
  start: string;
  end: string;
  timeZone: string;
  /** Whether a deposit may be reported right now. */
  open: boolean;
  /** While closed: when the window opens next (epoch ms); null while open. */
  opensAt: number | null;
  /** Minimum of an institution deposit (/payBalance), default 2000; the call answers the deposit form's published minimum when that is higher. */
  institutionMinimum: number;
}

/** Answer of `withdrawal/getServiceChargeProportion`. */
export interface WithdrawalTerms {
  /** Fee ratio, e.g. 0.03 for 3 %. */
  proportion: number;
  /** The same as a percentage, e.g. 3. */
  percent: number;
  /** Smallest amount, currency units; the call answers the withdrawal form's published minimum when that is higher. */
  minAmount: number;
  start: string;
  end: string;
  weekdaysOnly: boolean;
  timeZone: string;
  open: boolean;
  /** While closed: when the window opens next (epoch ms); null while open. */
  opensAt: number | null;
  /** Whether approved identity is required first. */
  requiresIdentity: boolean;
}

/** The deposit window and minimum. */
export function depositTerms(deps: Deps): DepositTerms {
  const { depositWindow, institutionMinimumMinor } = deps.config.money;
  return {
    start: depositWindow.start,
    end: depositWindow.end,
    timeZone: INDIA_TIME_ZONE,
    open: isWithinWindow(depositWindow, deps.clock.now()),
    opensAt: nextWindowOpening(depositWindow, deps.clock.now()),
    institutionMinimum: fromMinor(institutionMinimumMinor),
  };
}

/** The withdrawal fee, minimum and window. */
export function withdrawalTerms(deps: Deps): WithdrawalTerms {
  const { withdrawalWindow, withdrawalFeeBasisPoints, withdrawalMinimumMinor, withdrawalRequiresIdentity } = deps.config.money;
  return {
    proportion: withdrawalFeeBasisPoints / 10_000,
    percent: withdrawalFeeBasisPoints / 100,
    minAmount: fromMinor(withdrawalMinimumMinor),
    start: withdrawalWindow.start,
    end: withdrawalWindow.end,
    weekdaysOnly: withdrawalWindow.weekdaysOnly,
    timeZone: INDIA_TIME_ZONE,
    open: isWithinWindow(withdrawalWindow, deps.clock.now()),
    opensAt: nextWindowOpening(withdrawalWindow, deps.clock.now()),
    requiresIdentity: withdrawalRequiresIdentity,
  };
}

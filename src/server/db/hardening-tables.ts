/** Tables of migration 0007. Times are epoch milliseconds. */

/** One operator's approval of a deposit or payout needing two (`DUAL_APPROVAL_AMOUNT`). */
export interface DualApprovalsTable {
  /** `deposit` or `withdrawal`. */
  entity: string;
  entity_id: string;
  operator_id: string;
  created_at: number;
}

/** Failure counter of a login key: `account:<email>` or `ip:<address>`. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  last_failure_at: number;
  /** Epoch ms before which the next attempt is refused. */
  blocked_until: number;
}

/** An operator-managed setting (e.g. `deposit.beneficiary`), JSON-encoded. */
export interface SettingsTable {
  key: string;
  value_json: string;
  updated_at: number;
  updated_by: string | null;
}

/** The tables migration 0007 adds. */
export interface HardeningTables {
  dual_approvals: DualApprovalsTable;
  auth_throttle: AuthThrottleTable;
  settings: SettingsTable;
}

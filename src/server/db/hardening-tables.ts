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

/** A proposed change of the deposit beneficiary (migration 0018); live once a second operator approves. */
export interface BeneficiaryChangesTable {
  id: string;
  /** The proposed beneficiary (`Beneficiary`), JSON. */
  value_json: string;
  status: 'pending' | 'approved' | 'rejected';
  /** 1, 2, … once approved; null while pending or when rejected. */
  version: number | null;
  proposed_by: string;
  proposed_at: number;
  decided_by: string | null;
  decided_at: number | null;
  /** The reject reason. */
  reason: string | null;
}

/** An operator's or editor's TOTP authenticator (migration 0018). */
export interface StaffTotpTable {
  user_id: string;
  /** Base32 secret sealed with the identity key (`encryptSecret`). */
  secret_sealed: string;
  status: 'pending' | 'active';
  created_at: number;
  activated_at: number | null;
  /** The last accepted 30-second time step (a code is accepted once). */
  last_step: number | null;
}

/** A single-use recovery code of a staff member's second factor (hash only). */
export interface StaffRecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 hex of the normalized code. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** The tables migrations 0007 and 0018 add. */
export interface HardeningTables {
  dual_approvals: DualApprovalsTable;
  auth_throttle: AuthThrottleTable;
  settings: SettingsTable;
  beneficiary_changes: BeneficiaryChangesTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
}

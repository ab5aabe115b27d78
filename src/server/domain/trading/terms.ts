/**
 * Trading terms and the risk disclosure: `order/tradingConfig`,
 * `order/getCommissionRate`, `order/acknowledgeRisk`. Read from the server configuration
 * (`trading-config.ts`), never from the client.
 */
import type { Db } from '../../db/index.js';
import { runCompiled, slot } from '../../db/compiled-queries.js';
import type { Deps } from '../deps.js';

/** Answer of `order/tradingConfig`. Amounts in whole currency units; rates as ratios (0.85). */
export interface TradingTermsView {
  updownEnabled: boolean;
  /** Whether the caller acknowledged the risk disclosure. */
  riskAcknowledged: boolean;
  amountMin: number;
  amountMax: number;
  quickAmounts: number[];
  durations: Array<{ seconds: number; rate: number }>;
  /** Stock-order commission as a ratio (0.001 = 0.10 %). */
  commissionRate: number;
}

/**
 * Users known to have acknowledged, per database. An acknowledgement is never withdrawn (its
 * row is only ever inserted), so a committed one read once stays true in every process: each
 * purchase after the first skips the read. Bounded: cleared when it reaches
 * {@link ACKNOWLEDGED_KEPT} users.
 */
const acknowledged = new WeakMap<Db, Set<string>>();
const ACKNOWLEDGED_KEPT = 200_000;

/**
 * Whether the user acknowledged the risk disclosure. `db` is the database itself, never a
 * transaction (a row read inside one could still roll back).
 */
export async function hasAcknowledgedRisk(db: Db, userId: string): Promise<boolean> {
  let known = acknowledged.get(db);
  if (known?.has(userId)) return true;
  const { rows } = await runCompiled(db, 'trading_consents:of', { userId }, (d) => d.selectFrom('trading_consents').select('user_id').where('user_id', '=', slot<string>('userId')));
  if (!rows.length) return false;
  if (!known) acknowledged.set(db, (known = new Set()));
  if (known.size >= ACKNOWLEDGED_KEPT) known.clear();
  known.add(userId);
  return true;
}

/** The public part of the terms (also `config/getSystemConfig` → `trading`). */
export function publicTradingTerms(deps: Deps): Omit<TradingTermsView, 'riskAcknowledged'> {
  const trading = deps.config.trading;
  return {
    updownEnabled: trading.updownEnabled,
    amountMin: trading.amountMin,
    amountMax: trading.amountMax,
    quickAmounts: trading.quickAmounts,
    durations: trading.durations.map(({ seconds, rate }) => ({ seconds, rate })),
    commissionRate: trading.commissionBasisPoints / 10_000,
  };
}

/** `order/tradingConfig`: the terms and whether the caller acknowledged the risk disclosure. */
export async function tradingTerms(deps: Deps, userId: string): Promise<TradingTermsView> {
  return { ...publicTradingTerms(deps), riskAcknowledged: await hasAcknowledgedRisk(deps.db, userId) };
}

/** `order/getCommissionRate`: the commission as a ratio and in basis points. */
export function commissionRate(deps: Deps): { rate: number; basisPoints: number } {
  const bp = deps.config.trading.commissionBasisPoints;
  return { rate: bp / 10_000, basisPoints: bp };
}

/** `order/acknowledgeRisk`: stores the acknowledgement once (idempotent; the first time stays). */
export async function acknowledgeRisk(deps: Deps, userId: string): Promise<{ riskAcknowledged: true }> {
  await deps.db
    .insertInto('trading_consents')
    .values({ user_id: userId, risk_acknowledged_at: deps.clock.now() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return { riskAcknowledged: true };
}

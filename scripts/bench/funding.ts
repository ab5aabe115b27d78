/**
 * Funding for the benches: an investor funded through the real deposit flow (upload, request,
 * approval), so a bench measures money paths on balances the ledger itself produced.
 * Deposits above `DUAL_APPROVAL_AMOUNT` need two different operators (four eyes):
 * both approve here.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Deps } from '../../src/server/domain/deps.js';
import type { Market } from '../../src/server/market/index.js';
import { createUser, login } from '../../src/server/domain/users.js';
import { acknowledgeRisk } from '../../src/server/domain/trading/terms.js';
import { storePhoto } from '../../src/server/domain/uploads.js';
import { requestDeposit } from '../../src/server/domain/money/deposits.js';
import { approveDeposit } from '../../src/server/domain/money/deposit-review.js';

/** Password of every bench account. */
export const BENCH_PASSWORD = 'bench password 1';

/** What funding needs of a built server: its domain dependencies and its market (the deposit's EUR/INR rate). */
export interface BenchServer {
  deps: Deps;
  market: Market;
}

/**
 * A new investor with `deposits` approved deposits of `amount` currency units each.
 * @returns the investor's id and e-mail (log in with {@link BENCH_PASSWORD}).
 */
export async function fundedInvestor({ deps, market }: BenchServer, deposits: number, amount = 10_000_000): Promise<{ userId: string; email: string }> {
  const email = `bench-${randomUUID()}@example.com`;
  const userId = await createUser(deps, { email, password: BENCH_PASSWORD, role: 'investor' });
  const operators = [
    await createUser(deps, { email: `bench-op-${randomUUID()}@example.com`, password: BENCH_PASSWORD, role: 'operator' }),
    await createUser(deps, { email: `bench-op-${randomUUID()}@example.com`, password: BENCH_PASSWORD, role: 'operator' }),
  ];
  // A deposit's screenshot must be one of the user's own uploads.
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#888' } }).png().toBuffer();
  const { id: screenshotId } = await storePhoto(deps, userId, png);
  for (let i = 0; i < deposits; i++) {
    const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
    const { id } = await requestDeposit(deps, market, userId, { amount, channel: 'bank', utr, screenshotId }, null);
    const first = await approveDeposit(deps, operators[0]!, id, null);
    if (first.status === 'pending') await approveDeposit(deps, operators[1]!, id, null);
  }
  return { userId, email };
}

/** A funded investor who has acknowledged the trading risks; returns the id and a session token. */
export async function tradingInvestor(server: BenchServer, deposits: number): Promise<{ userId: string; token: string }> {
  const { deps } = server;
  const { userId, email } = await fundedInvestor(server, deposits);
  await acknowledgeRisk(deps, userId);
  const { token } = await login(deps, { email, password: BENCH_PASSWORD });
  return { userId, token };
}

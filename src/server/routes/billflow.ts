/** `billflow/myBillflow` (docs/product.md, Calls). */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { billFlow } from '../domain/money/billflow.js';
import type { BillflowQuery } from '../../shared/generated/index.js';
import { labelPage, withKindLabel } from './money-labels.js';

export function billflowRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  user.query<BillflowQuery>('billflow/myBillflow', 'api/billflowQuery', async ({ auth, body, locale }) =>
    labelPage(await billFlow(deps, auth!.userId, body), (row) => ({ ...withKindLabel(deps, locale, row), eventLabel: deps.messages.format(locale, `bill.event.${row.event}`) })),
  );
}

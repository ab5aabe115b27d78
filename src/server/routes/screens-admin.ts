/**
 * `admin/screens/publish`: an operator (and later the screen
 * studio, after saving files) publishes a screen: its files are linted against the
 * catalogue, the publish is audited (`screen.publish`), and every API process drops its
 * cached screens through the cache bus — served changed everywhere within 1 s even when
 * processes trust file stamps for longer (`SCREEN_RECHECK_MS`).
 * Refusals: unknown screen 1045; a layout failing the catalogue 1871 with `data.problems`.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { AppError } from '../domain/errors.js';
import { writeAudit } from '../domain/audit.js';
import type { SchemaStore } from '../screens/store.js';
import type { CacheBus } from '../cluster/cache-bus.js';
import { formatProblems } from '../screens/lint.js';
import type { ScreenPublish } from '../../shared/generated/index.js';

export function screensAdminRoutes(calls: CallRegistry, deps: Deps, store: SchemaStore, bus: CacheBus): void {
  const operator = callsWith(calls, 'operator');
  operator.command<ScreenPublish>('admin/screens/publish', 'api/screenPublish', async ({ auth, body }) => {
    // Read the files as they are now, not as this process cached them.
    store.invalidate();
    if (!store.screenIds().includes(body.id)) throw new AppError('screenNotFound', { id: body.id });
    const problems = store.lintScreen(body.id);
    if (problems.length) throw new AppError('screenPublishInvalid', { id: body.id }, { problems: formatProblems(problems).split('\n') });
    const publishedAt = deps.clock.now();
    await writeAudit(deps.db, { actorUserId: auth!.userId, action: 'screen.publish', entity: 'screen', entityId: body.id, at: publishedAt });
    await bus.publish('screens', body.id);
    return { id: body.id, publishedAt };
  });
}

/**
 * The hooks of an API test file around one test server whose ledger must stay sound:
 * `beforeAll` starts the server, `afterEach` checks the ledger invariants
 * ({@link assertLedgerInvariants}), `afterAll` stops it.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { assertLedgerInvariants } from './invariants.js';
import { startTestServer, type TestServer } from './server.js';

/** What {@link useLedgerServer} gives a test file; read inside tests and hooks (set from `beforeAll` on). */
export interface LedgerServer {
  /** The file's server. */
  readonly server: TestServer;
}

/** How {@link useLedgerServer} starts and checks the server. */
export interface LedgerServerOptions {
  /** Starts the server; default {@link startTestServer} with its defaults. */
  start?: () => Promise<TestServer>;
  /** Runs once after the server started (e.g. logs an operator in). */
  started?: (server: TestServer) => Promise<void>;
  /** Runs after each test, after the invariants hold. */
  afterEachTest?: (server: TestServer) => void | Promise<void>;
  /** Longest time the after-each check may take (ms); default vitest's hook timeout. */
  checkTimeoutMs?: number;
}

/** Registers the file's hooks (see the module comment) and gives the server to its tests. */
export function useLedgerServer(options: LedgerServerOptions = {}): LedgerServer {
  let server: TestServer | undefined;
  const started = (): TestServer => {
    if (!server) throw new Error('the test server is not started (read it inside tests and hooks)');
    return server;
  };
  beforeAll(async () => {
    server = await (options.start ?? (() => startTestServer()))();
    await options.started?.(server);
  });
  afterEach(async () => {
    await assertLedgerInvariants(started().deps.db);
    await options.afterEachTest?.(started());
  }, options.checkTimeoutMs);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      return started();
    },
  };
}

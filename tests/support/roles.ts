/**
 * The setup the hardening API tests share: one test
 * server per file with an operator and a registered investor logged in, started in `beforeAll`
 * and stopped in `afterAll`. Money files with ledger checks use `useMoneyServer` instead.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './server.js';
import { operatorToken } from './money.js';

/** What {@link useServerWithRoles} gives a test file; read inside tests and hooks (set from `beforeAll` on). */
export interface RoleServer {
  readonly server: TestServer;
  /** An operator's token. */
  readonly operator: string;
  /** A registered investor's token. */
  readonly investor: string;
}

/**
 * Registers a test file's hooks around one server (`env` as for `startTestServer`; by default
 * a login budget that the file's logins cannot exhaust) with an operator and an investor.
 */
export function useServerWithRoles(env: Record<string, string> = { LOGIN_PER_IP_PER_15MIN: '1000' }): RoleServer {
  let state: { server: TestServer; operator: string; investor: string } | undefined;
  let server: TestServer | undefined;
  const ready = () => {
    if (!state) throw new Error('the server is not started (read it inside tests and hooks)');
    return state;
  };
  beforeAll(async () => {
    server = await startTestServer(env);
    state = { server, operator: await operatorToken(server), investor: (await server.registerUser()).token };
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      return ready().server;
    },
    get operator() {
      return ready().operator;
    },
    get investor() {
      return ready().investor;
    },
  };
}

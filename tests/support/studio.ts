/** Studio test helpers. */
import { randomUUID } from 'node:crypto';
import type { TestServer } from './server.js';
import { expectOk } from './envelope.js';
import { createUser } from '../../src/server/domain/users.js';

/** Creates an editor with `createUser` and logs in through `user/login`; returns the token. */
export async function editorToken(target: TestServer): Promise<string> {
  const email = `editor-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'editor password 1';
  await createUser(target.deps, { email, password, role: 'editor' });
  return expectOk(await target.call<{ token: string }>('user/login', { email, password })).token;
}

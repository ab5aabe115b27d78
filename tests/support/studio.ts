/**
 * Studio test helpers: editors, and the change-request round trips — an editor submits
 * (publish, texts, rollback) and a second editor approves, so the change is live (the test
 * servers run with `STUDIO_APPROVALS` at its demo default, 1).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
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

/** What a submit or an approval answers. */
export interface ChangeAnswer {
  changeId: string;
  status: 'pending' | 'published';
  version?: number;
}

/** The numbers a change must start from: the screen's newest version and the texts version. */
export async function bases(target: TestServer, token: string, id = 'bindBank'): Promise<{ baseVersion: number; textsVersion: number }> {
  return expectOk(await target.call<{ baseVersion: number; textsVersion: number }>('studio/screens/get', { id }, { token }));
}

/**
 * Approves a pending change as `approver` and expects it live.
 * @returns the approval's answer (with the screen `version` for screen changes).
 */
export async function approve(target: TestServer, approver: string, submitted: ChangeAnswer): Promise<ChangeAnswer> {
  expect(submitted.status).toBe('pending');
  const approved = expectOk(await target.call<ChangeAnswer>('studio/changes/approve', { id: submitted.changeId }, { token: approver }));
  expect(approved.status).toBe('published');
  return approved;
}

/**
 * Publishes a screen as `author` (from its newest version unless `body.baseVersion` says
 * otherwise) and approves it as `approver` (editor2): the change is live when this resolves.
 */
export async function publishApproved(target: TestServer, author: string, approver: string, body: Record<string, unknown> & { id: string }): Promise<ChangeAnswer> {
  const { baseVersion, textsVersion } = await bases(target, author, body.id);
  const submitted = expectOk(
    await target.call<ChangeAnswer>('studio/screens/publish', { baseVersion, ...(body.texts ? { textsBaseVersion: textsVersion } : {}), ...body }, { token: author }),
  );
  return approve(target, approver, submitted);
}

/** Saves texts of one language as `author` and approves them as `approver`: live when this resolves. */
export async function saveTextsApproved(target: TestServer, author: string, approver: string, lang: string, messages: Record<string, string>): Promise<ChangeAnswer> {
  const { textsVersion } = await bases(target, author);
  const submitted = expectOk(await target.call<ChangeAnswer>('studio/messages/save', { lang, messages, baseVersion: textsVersion }, { token: author }));
  return approve(target, approver, submitted);
}

/** Rolls a screen back to `version` as `author` and approves it as `approver`. */
export async function rollbackApproved(target: TestServer, author: string, approver: string, id: string, version: number): Promise<ChangeAnswer> {
  const submitted = expectOk(await target.call<ChangeAnswer>('studio/screens/rollback', { id, version }, { token: author }));
  return approve(target, approver, submitted);
}

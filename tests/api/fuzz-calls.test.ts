/**
 * Property-based fuzz of every call: bodies generated from each call's payload schema (as
 * `/api/openapi.json` lists it; `tests/support/schema-arbitrary.ts`: valid, extreme and invalid
 * values), sent by an anonymous visitor, an investor with money, an operator and an editor to a
 * real server through `inject` — mostly by the role the call is for, else by any. Field values
 * the server answered (ids, symbols, versions) are reused in later bodies, so calls get past
 * "not found" to the code behind it. No answer may be a 5xx, and the ledger invariants hold after.
 *
 * Deterministic per seed: `FUZZ_SEED` (default: a fresh one; the test prints it, and fast-check
 * prints it again with the shrunk counterexample when a run fails) and `FUZZ_RUNS` (default sized for about a minute
 * per database on a two-core machine). Calls that end their caller's session (`user/logout`,
 * `user/changePassword`) are sent anonymously only, so the other roles keep their tokens.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../support/invariants.js';
import { credit, investor, MONDAY_NOON, operatorToken, startMoneyServer } from '../support/money.js';
import { AnsweredValues, bodyArbitrary, type Schema } from '../support/schema-arbitrary.js';
import type { TestServer } from '../support/server.js';
import { editorToken } from '../support/studio.js';

const SESSION_ENDING = new Set(['user/logout', 'user/changePassword']);
const ROLES = ['anonymous', 'investor', 'operator', 'editor'] as const;
type Role = (typeof ROLES)[number];

const RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
/** `FUZZ_SKIP`: comma-separated call names left out (to look past a known 500 while investigating; the suite sets none). */
const SKIP = new Set((process.env.FUZZ_SKIP ?? '').split(',').filter(Boolean));
const SEED = process.env.FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED);

interface Call {
  name: string;
  method: 'GET' | 'POST';
  access: string;
  /** The JSON payload schema, or `multipart` for an upload. */
  schema: Schema | 'multipart' | undefined;
}

/** The role a call is meant for (`public` and `optional` calls: the investor, signed in). */
function roleFor(access: string): Role {
  if (access === 'operator' || access === 'editor') return access;
  return 'investor';
}

/** Every call of the OpenAPI document with its method, access and payload schema. */
function callsOf(document: Schema): Call[] {
  const calls: Call[] = [];
  for (const [url, methods] of Object.entries(document.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as Schema | undefined)?.content as Record<string, { schema: Schema }> | undefined;
      calls.push({
        name: url.replace(/^\/api\//, ''),
        method: method.toUpperCase() as Call['method'],
        access: operation['x-access'] as string,
        schema: content?.['multipart/form-data'] ? 'multipart' : content?.['application/json']?.schema,
      });
    }
  }
  return calls;
}

describe('fuzz of every call from its request schema', () => {
  it('answers no 5xx to any body from any role, and the ledger stays clean', async () => {
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} repeats this run)`);
    const server: TestServer = await startMoneyServer({ CAPTCHA_PER_IP_PER_HOUR: '1000000', LOGIN_PER_IP_PER_15MIN: '1000000' });
    try {
      server.clock.set(MONDAY_NOON);
      const operator = await operatorToken(server);
      const user = await investor(server);
      await credit(server, user.token, operator, 50_000);
      const tokens: Record<Role, string | null> = { anonymous: null, investor: user.token, operator, editor: await editorToken(server) };
      const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Schema;
      const calls = callsOf(document).filter((call) => !SKIP.has(call.name));
      expect(calls.length).toBeGreaterThan(100);
      const send = async (call: Call, role: Role, body: unknown, lang = 'en') => {
        const token = tokens[role];
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (token) headers.authorization = `Bearer ${token}`;
        const response = await server.app.inject({ method: call.method, url: `/api/${call.name}?lang=${lang}`, headers, ...(call.method === 'POST' ? { payload: JSON.stringify(body) } : {}) });
        if (response.statusCode === 200 && String(response.headers['content-type'] ?? '').includes('json')) answered.add((response.json() as { data?: unknown }).data);
        return response;
      };
      // Ids, symbols and versions the server answers become field values of later bodies; a
      // first sweep asks every call with an empty body as its own role.
      const answered = new AnsweredValues();
      for (const call of calls) if (!SESSION_ENDING.has(call.name) && call.schema !== 'multipart') await send(call, roleFor(call.access), {});

      const request = fc.oneof(
        ...calls.map((call) =>
          fc.record({
            call: fc.constant(call),
            role: SESSION_ENDING.has(call.name) ? fc.constant<Role>('anonymous') : fc.oneof({ weight: 3, arbitrary: fc.constant(roleFor(call.access)) }, { weight: 1, arbitrary: fc.constantFrom(...ROLES) }),
            body: call.schema === 'multipart' || call.method === 'GET' ? fc.jsonValue({ maxDepth: 2 }) : bodyArbitrary(call.schema, document, answered.known),
            lang: fc.constantFrom('de', 'en', 'hi', 'zh'),
          }),
        ),
      );
      const statuses = new Map<number, number>();
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(request, async ({ call, role, body, lang }) => {
          const response = await send(call, role, body, lang);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            throw new Error(`${call.name} as ${role} answered ${response.statusCode}: ${response.body.slice(0, 500)}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
      console.log(`fuzz: seed ${SEED}, ${RUNS} runs in ${((Date.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
      // The fuzz reached past the gates: some calls succeeded and some were refused for their input.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 20);
      await assertLedgerInvariants(server.deps.db);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

/**
 * Demo seed: one investor, one operator and (issue 11) one editor login, created once and kept
 * in `DATA_DIR/demo-credentials.json` (`{investor: {email, password}, operator: {…}, editor: {…}}`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../domain/deps.js';
import { createUser, normalizeEmail } from '../domain/users.js';
import { seedBeneficiary } from '../domain/beneficiary-changes.js';

/** An email and password pair. */
export interface Login {
  email: string;
  password: string;
}

/** The demo logins, created on first start. */
export interface DemoCredentials {
  investor: Login;
  operator: Login;
  /** Issue 11: product staff using the studio (/studio). */
  editor: Login;
}

const newPassword = () => `Demo-${randomBytes(6).toString('base64url')}`;

/** Creates the demo users when absent and returns their logins. */
export async function seedDemo(deps: Deps): Promise<DemoCredentials> {
  const file = path.join(deps.config.dataDir, 'demo-credentials.json');
  let credentials: DemoCredentials | null = null;
  if (fs.existsSync(file)) credentials = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredentials;
  credentials ??= {
    investor: { email: 'investor@demo.nivesh.local', password: newPassword() },
    operator: { email: 'operator@demo.nivesh.local', password: newPassword() },
    editor: { email: 'editor@demo.nivesh.local', password: newPassword() },
  };
  // Credentials written before the studio existed get an editor added.
  credentials.editor ??= { email: 'editor@demo.nivesh.local', password: newPassword() };
  for (const [role, login] of [['investor', credentials.investor], ['operator', credentials.operator], ['editor', credentials.editor]] as const) {
    const exists = await deps.db.selectFrom('users').select('id').where('email', '=', normalizeEmail(login.email)).executeTakeFirst();
    if (!exists) await createUser(deps, { email: login.email, password: login.password, role });
  }
  // A sample deposit beneficiary, live as version 1 (audited); operators change it in /adminBeneficiary, a second operator approving.
  const operator = await deps.db.selectFrom('users').select('id').where('email', '=', normalizeEmail(credentials.operator.email)).executeTakeFirstOrThrow();
  await seedBeneficiary(deps, operator.id, { holderName: 'Nivesh Demo Client Account', bankName: 'HDFC Bank', accountNumber: '50200012345678', ifsc: 'HDFC0000240', upiId: 'nivesh.demo@hdfcbank' });
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

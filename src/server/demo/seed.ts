/**
 * Demo seed: one investor, one operator and two editor logins (a studio change needs an editor
 * other than its author to approve it), created once and kept in
 * `DATA_DIR/demo-credentials.json` (`{investor: {email, password}, operator: {…}, editor: {…}, editor2: {…}}`;
 * with `STAFF_TOTP=required` the operator's and editors' entries also carry `totpSecret`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../domain/deps.js';
import { createUser, normalizeEmail } from '../domain/users.js';
import { seedBeneficiary } from '../domain/beneficiary-changes.js';
import { installSecondFactor, newTotpSecret } from '../domain/staff-totp.js';

/** An email and password pair; staff with `STAFF_TOTP=required` also their authenticator's secret. */
export interface Login {
  email: string;
  password: string;
  /** Base32 TOTP secret (RFC 6238, 6 digits, 30 s) seeded when the second factor is required. */
  totpSecret?: string;
}

/** The demo logins, created on first start. */
export interface DemoCredentials {
  investor: Login;
  operator: Login;
  /** Product staff using the studio (/studio). */
  editor: Login;
  /** The second editor, who approves the first one's changes (and the other way round). */
  editor2: Login;
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
    editor2: { email: 'editor2@demo.nivesh.local', password: newPassword() },
  };
  // Credentials written by an older seed get the logins it did not know.
  credentials.editor ??= { email: 'editor@demo.nivesh.local', password: newPassword() };
  credentials.editor2 ??= { email: 'editor2@demo.nivesh.local', password: newPassword() };
  const logins = [['investor', credentials.investor], ['operator', credentials.operator], ['editor', credentials.editor], ['editor', credentials.editor2]] as const;
  for (const [role, login] of logins) {
    const exists = await deps.db.selectFrom('users').select('id').where('email', '=', normalizeEmail(login.email)).executeTakeFirst();
    if (!exists) await createUser(deps, { email: login.email, password: login.password, role });
  }
  // A sample deposit beneficiary, live as version 1 (audited); operators change it in /adminBeneficiary, a second operator approving.
  // With STAFF_TOTP=required the demo staff get an authenticator whose secret is written beside their password.
  if (deps.config.staffTotp) {
    for (const login of [credentials.operator, credentials.editor, credentials.editor2]) {
      login.totpSecret ??= newTotpSecret();
      const user = await deps.db.selectFrom('users').select('id').where('email', '=', normalizeEmail(login.email)).executeTakeFirstOrThrow();
      await installSecondFactor(deps, user.id, login.totpSecret);
    }
  }
  const operator = await deps.db.selectFrom('users').select('id').where('email', '=', normalizeEmail(credentials.operator.email)).executeTakeFirstOrThrow();
  await seedBeneficiary(deps, operator.id, { holderName: 'Nivesh Demo Client Account', bankName: 'HDFC Bank', accountNumber: '50200012345678', ifsc: 'HDFC0000240', upiId: 'nivesh.demo@hdfcbank' });
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

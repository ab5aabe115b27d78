/**
 * Data-capture forms of screens made in the studio (docs/studio.md, "Make a form").
 *
 * forms/submit {formId, data} → {id, formId, version, createdAt} | 1000 | 1831 | 1832 | 1833 (user)
 * admin/forms/list {} → [{id, title, status, path, submissions, lastAt}] (operator)
 * admin/forms/submissions {formId, page?, pageSize?} → Page<{id, formId, version, userId, email, data, summary, createdAt}> (operator)
 * admin/forms/export {formId} → {filename, mime: 'text/csv', content, rows} (operator; read and audited)
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import type { SchemaStore } from '../screens/store.js';
import { writeAudit } from '../domain/audit.js';
import { exportSubmissions, listForms, listSubmissions, submitForm } from '../domain/studio/forms.js';
import type { FormExport, FormSubmissions, FormSubmit } from '../../shared/generated/index.js';

/** Registers the forms calls. */
export function formsRoutes(calls: CallRegistry, deps: Deps, store: SchemaStore): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  user.command<FormSubmit>('forms/submit', 'api/formSubmit', ({ auth, body, locale }) => submitForm(deps, store, auth!.userId, body.formId, body.data, locale));
  operator.query('admin/forms/list', undefined, () => listForms(deps));
  operator.query<FormSubmissions>('admin/forms/submissions', 'api/formSubmissions', ({ body }) => listSubmissions(deps, body.formId, body));
  operator.query<FormExport>('admin/forms/export', 'api/formExport', async ({ auth, body }) => {
    const file = await exportSubmissions(deps, store, body.formId);
    await writeAudit(deps.db, { actorUserId: auth!.userId, action: 'admin.forms.export', entity: 'form', entityId: body.formId, after: { rows: file.rows }, at: deps.clock.now() });
    return file;
  });
}

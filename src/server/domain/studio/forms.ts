/**
 * Data-capture forms of screens made in the studio (docs/studio.md, "Make a form"). An
 * investor's `forms/submit {formId, data}` is checked with the published screen's compiled
 * schema — the schema the phone's validator was built from — and stored in `form_submissions`
 * with the screen version, the user and the time. Operators list the forms and their
 * submissions and export them as CSV (`admin/forms/*`).
 *
 * Limits: `data` at most {@link FORM_MAX_BYTES} as JSON (1832 `formTooLarge`), and
 * `config.formSubmissionsPerUserPerHour` submissions of one form per user in an hour
 * (1833 `formRateLimited`). Files arrive only as upload ids of the photo widget.
 */
import { stringify } from 'csv-stringify/sync';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { studioDb } from '../../db/studio-tables.js';
import type { SchemaStore } from '../../screens/store.js';
import { isFieldError, toFieldError, type SchemaNode } from '../../../shared/validation.js';
import { indiaDateTime } from '../../../shared/india-time.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import type { Locale } from '../../../shared/lang.js';

/** The largest `data` a form accepts: 64 KB of JSON (UTF-8 bytes). */
export const FORM_MAX_BYTES = 64 * 1024;

/** One hour in ms: the window of the per-user submission limit. */
const HOUR_MS = 60 * 60 * 1000;

/** What `forms/submit` answers. */
export interface FormReceipt {
  id: string;
  formId: string;
  /** The screen version whose schema checked the data. */
  version: number;
  /** Epoch ms. */
  createdAt: number;
}

/**
 * The published schema of a live screen made in the studio.
 * @throws AppError `formUnknown` (1831) when `formId` is no live made screen.
 */
function liveForm(store: SchemaStore, formId: string): { version: number; schema: SchemaNode; validate: ReturnType<SchemaStore['payloadSchema']>['validate'] } {
  const made = store.createdScreen(formId);
  const version = store.servedVersion(formId);
  if (!made || made.status !== 'live' || version === 0 || !store.schemaExists(formId)) throw new AppError('formUnknown', { id: formId });
  const { schema, validate } = store.payloadSchema(`screens/${formId}`);
  return { version, schema, validate };
}

/**
 * A field's label for messages: its title, translated when it is a message id. The root's
 * (`field` empty: a form whose root is one value or a list) is the schema's own title.
 */
function fieldLabel(deps: Deps, locale: Locale, schema: SchemaNode, field: string): string | undefined {
  const title = field === '' ? schema.title : (schema.properties?.[field] as SchemaNode | undefined)?.title;
  if (typeof title !== 'string') return undefined;
  return deps.messages.catalog(locale)[title] !== undefined ? deps.messages.format(locale, title) : title;
}

/**
 * `forms/submit {formId, data}`: checks `data` with the form's published schema and stores it.
 * @param locale the language of refusal texts.
 * @throws AppError `formUnknown` (1831), `formTooLarge` (1832), `formRateLimited` (1833),
 *   `validation` (1000, every field error in `data.errors` as the phone shows them).
 */
export async function submitForm(deps: Deps, store: SchemaStore, userId: string, formId: string, data: unknown, locale: Locale): Promise<FormReceipt> {
  const form = liveForm(store, formId);
  const json = JSON.stringify(data ?? null);
  if (Buffer.byteLength(json, 'utf8') > FORM_MAX_BYTES) throw new AppError('formTooLarge', { max: FORM_MAX_BYTES / 1024 });
  if (!form.validate(data)) {
    const fields = (form.validate.errors ?? [])
      .filter((error) => isFieldError(error.keyword))
      .map((error) => toFieldError(error, form.schema))
      .map((e) => {
        const text = deps.messages.format(locale, e.messageId, e.values);
        const label = fieldLabel(deps, locale, form.schema, e.field);
        return { field: e.field, message: label ? `${label}: ${text}` : text };
      });
    if (!fields.length) fields.push({ field: '', message: deps.messages.format(locale, 'error.badRequest') });
    throw new AppError('validation', { detail: fields[0]!.message }, { errors: fields });
  }
  const at = deps.clock.now();
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const db = studioDb(trx);
    const recent = await db
      .selectFrom('form_submissions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('form_id', '=', formId)
      .where('created_at', '>', at - HOUR_MS)
      .executeTakeFirst();
    if (Number(recent?.n ?? 0) >= deps.config.formSubmissionsPerUserPerHour) throw new AppError('formRateLimited', { limit: deps.config.formSubmissionsPerUserPerHour });
    await db.insertInto('form_submissions').values({ id, form_id: formId, version: form.version, user_id: userId, data_json: json, created_at: at }).execute();
  });
  return { id, formId, version: form.version, createdAt: at };
}

/** A form as `admin/forms/list` shows it. */
export interface FormSummary {
  /** The screen id (= `formId`). */
  id: string;
  title: string;
  /** `live`, `draft` or `unpublished`. */
  status: string;
  path: string;
  submissions: number;
  /** Epoch ms of the newest submission; null when none. */
  lastAt: number | null;
}

/** `admin/forms/list`: every screen made in the studio with its number of submissions, newest first. */
export async function listForms(deps: Deps): Promise<FormSummary[]> {
  const db = studioDb(deps.db);
  const screens = await db.selectFrom('studio_screens').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  const counts = await db
    .selectFrom('form_submissions')
    .select(['form_id', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.max('created_at').as('last')])
    .groupBy('form_id')
    .execute();
  const byForm = new Map(counts.map((c) => [c.form_id, { n: Number(c.n), last: c.last === null ? null : Number(c.last) }]));
  return screens.map((s) => ({ id: s.id, title: s.title, status: s.status, path: `/p/${s.id}`, submissions: byForm.get(s.id)?.n ?? 0, lastAt: byForm.get(s.id)?.last ?? null }));
}

/** One submission as operators see it. */
export interface FormSubmission {
  id: string;
  formId: string;
  version: number;
  userId: string;
  email: string | null;
  /** The submitted data as stored. */
  data: unknown;
  /** `field: value` pairs of the data on one line (at most 200 characters), for lists. */
  summary: string;
  /** Epoch ms. */
  createdAt: number;
}

/** Short text of a value for lists and CSV cells: strings as they are, other values as JSON. */
const cell = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function summaryOf(data: unknown): string {
  const text = data && typeof data === 'object' && !Array.isArray(data)
    ? Object.entries(data as Record<string, unknown>).map(([k, v]) => `${k}: ${cell(v)}`).join(' · ')
    : cell(data);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * `admin/forms/submissions {formId, page, pageSize}`: a form's submissions, newest first.
 * @throws AppError `formUnknown` (1831) when no screen of that id was made in the studio.
 */
export async function listSubmissions(deps: Deps, formId: string, query: PageQuery): Promise<Page<FormSubmission>> {
  const db = studioDb(deps.db);
  const form = await db.selectFrom('studio_screens').select('id').where('id', '=', formId).executeTakeFirst();
  if (!form) throw new AppError('formUnknown', { id: formId });
  const { page, pageSize, offset } = pageOf(query);
  const total = await db.selectFrom('form_submissions').select((eb) => eb.fn.countAll().as('n')).where('form_id', '=', formId).executeTakeFirst();
  const rows = await db
    .selectFrom('form_submissions as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.form_id', 'f.version', 'f.user_id', 'f.data_json', 'f.created_at', 'u.email'])
    .where('f.form_id', '=', formId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const items = rows.map((row) => {
    const data = JSON.parse(row.data_json) as unknown;
    return { id: row.id, formId: row.form_id, version: Number(row.version), userId: row.user_id, email: row.email ?? null, data, summary: summaryOf(data), createdAt: Number(row.created_at) };
  });
  return { items, total: Number(total?.n ?? 0), page, pageSize };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether a form's answers are records (one CSV column per field) rather than one value each
 * (a root that is text, a number, yes/no or a list: one `value` column). The schema's root
 * `type` decides; without one, the stored answers do (all records), and with none stored yet,
 * whether the schema names `properties`.
 */
function recordRoot(schema: SchemaNode | null, data: unknown[]): boolean {
  const types = schema?.type === undefined ? [] : [schema.type].flat();
  if (types.length) return types.every((type) => type === 'object');
  if (data.length) return data.every(isRecord);
  return schema?.properties !== undefined;
}

/** What `admin/forms/export` answers: a CSV file for the browser to save. */
export interface FormExport {
  filename: string;
  mime: 'text/csv';
  /** RFC 4180 CSV, UTF-8, with a header row. */
  content: string;
  rows: number;
}

/**
 * `admin/forms/export {formId}`: every submission of a form as CSV, oldest first. Columns:
 * `submittedAt` (India time, `YYYY-MM-DD HH:MM`), `email`, `version`, then one column per
 * top-level field (the published schema's order, then any other keys); nested values as JSON.
 * A form whose root is one value or a list has one `value` column instead (text as it is,
 * other values as JSON).
 * @throws AppError `formUnknown` (1831).
 */
export async function exportSubmissions(deps: Deps, store: SchemaStore, formId: string): Promise<FormExport> {
  const db = studioDb(deps.db);
  const form = await db.selectFrom('studio_screens').select('id').where('id', '=', formId).executeTakeFirst();
  if (!form) throw new AppError('formUnknown', { id: formId });
  const rows = await db
    .selectFrom('form_submissions as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.version', 'f.data_json', 'f.created_at', 'u.email'])
    .where('f.form_id', '=', formId)
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
  const schema = store.readJson<SchemaNode>(`screens/${formId}.schema.json`);
  const keys = Object.keys(schema?.properties ?? {});
  const data = rows.map((row) => JSON.parse(row.data_json) as unknown);
  for (const item of data) {
    if (isRecord(item)) for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  }
  const objectRoot = recordRoot(schema, data);
  const header = ['submittedAt', 'email', 'version', ...(objectRoot ? keys : ['value'])];
  const records = rows.map((row, i) => {
    const item = data[i];
    const fields = objectRoot ? keys.map((key) => cell((item as Record<string, unknown> | null)?.[key])) : [cell(item)];
    return [indiaDateTime(Number(row.created_at)), row.email ?? '', String(row.version), ...fields];
  });
  return { filename: `${formId}.csv`, mime: 'text/csv', content: stringify([header, ...records], { record_delimiter: '\r\n' }), rows: rows.length };
}

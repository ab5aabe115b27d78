/**
 * The studio at /studio (role `editor`): product staff change screens and texts without
 * code. Change requests waiting for approval (diff, approve, reject) · screen list · JSON
 * editors for layout and schema (completion and inline errors from the catalogue and the
 * server's checks) · property panel of the selected block · live 390×844 preview with a
 * language switch · the screen's texts per language · publish (layout, schema and edited texts
 * as one change) with a note · this editor's draft (save, discard) · a conflict notice when
 * someone else changed the same thing first · history with diff and rollback. Loaded lazily:
 * none of it is in the investor's bundle. A laptop-width tool that wraps on a tablet and
 * stacks on a phone.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser/lib/index.js';
import { parseDocument, type ParsedDocument } from './json-document';
import { ApiError, callApi } from '../api';
import { showToast } from '../toast-bus';
import { loadCjkFaces } from '../../../renderers/app/cjk-font';
import { LOCALES, type Locale } from '../../shared/lang';
import { JsonEditor, type EditorProblem } from './JsonEditor';
import { Preview, type PreviewCandidate } from './Preview';
import { PropertyPanel } from './PropertyPanel';
import { TextsPanel } from './TextsPanel';
import { VersionsPanel, type VersionInfo } from './VersionsPanel';
import { ChangesPanel } from './ChangesPanel';
import { SearchPanel } from './SearchPanel';
import { AuditPanel } from './AuditPanel';
import { LAYOUT_META, SCHEMA_META, blockPointerAt, readPointer } from './catalogue';
import { bindingCompletions, type CallSchemas } from './binding-completion';
import './studio.css';

interface ScreenRow {
  id: string;
  version: number;
  publishedAt: number | null;
  hasDraft: boolean;
  /** `/p/<id>` for a screen made in the studio; null for a shipped one. */
  path: string | null;
}

interface StudioScreen {
  id: string;
  /** Texts a screen made in the studio brings along (its title) until they are published. */
  newTexts?: Texts;
  version: number;
  /** The newest stored version: what a change of the served screen starts from. */
  baseVersion: number;
  /** The texts version: what a texts change starts from. */
  textsVersion: number;
  layout: Record<string, unknown>;
  schema: Record<string, unknown> | null;
  draft: { layout: Record<string, unknown>; schema: Record<string, unknown> | null; baseVersion: number } | null;
  pending: { id: string; author: string | null; createdAt: number } | null;
  messageIds: string[];
}

/** What a submit answers. */
interface ChangeAnswer {
  changeId: string;
  status: 'pending' | 'published';
  version?: number;
}

/** The 1811 code: someone else changed the same thing since this editor's base. */
const CONFLICT = 1811;

type Texts = Partial<Record<Locale, Record<string, string>>>;

/** Keys whose string values are message ids (as src/server/screens/lint.ts reads layouts). */
const MESSAGE_KEYS = new Set(['title', 'subtitle', 'label', 'toast', 'empty', 'text', 'confirm', 'reasonLabel', 'hint', 'ui:placeholder', 'ui:title', 'ui:description', 'ui:help']);

/** Message ids a layout (and schema field titles) use. */
function messageIdsOf(layout: unknown, schema: unknown): string[] {
  const ids = new Set<string>();
  const walk = (node: unknown, inSchema: boolean, depth: number) => {
    if (Array.isArray(node)) node.forEach((n) => walk(n, inSchema, depth + 1));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string' && (inSchema ? key === 'title' && depth > 0 : MESSAGE_KEYS.has(key))) ids.add(value);
        if (key !== 'examples') walk(value, inSchema, depth + 1);
      }
    }
  };
  walk(layout, false, 0);
  walk(schema, true, 0);
  return [...ids].filter((id) => /^[A-Za-z0-9_.:-]+$/.test(id) && id.includes('.')).sort();
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function setAtPointer(doc: Record<string, unknown>, pointer: string, value: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(doc);
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: any = copy;
  for (const part of parts.slice(0, -1)) node = node[part];
  node[parts[parts.length - 1]!] = value;
  return copy;
}

/**
 * A function of stable identity that runs the latest `fn`: the panels are memoized, and a
 * keystroke in the editor re-renders none of them (nor the preview) unless their data changed.
 */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The studio. */
export default function Studio() {
  const intl = useIntl();
  const [screens, setScreens] = useState<ScreenRow[] | null>(null);
  /** Why the studio is not available: the server's message (not an editor, switched off). */
  const [denied, setDenied] = useState<string | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [screen, setScreen] = useState<StudioScreen | null>(null);
  const [layoutText, setLayoutText] = useState('');
  const [schemaText, setSchemaText] = useState('');
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [cursor, setCursor] = useState('');
  const [lang, setLang] = useState<Locale>('en');
  const [catalogs, setCatalogs] = useState<Texts>({});
  const [edits, setEdits] = useState<Texts>({});
  const [versions, setVersions] = useState<VersionInfo[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const [tab, setTab] = useState<'layout' | 'schema'>('layout');
  /** Query parameters the previewed screen sees (a record screen's `id=…`). */
  const [previewQuery, setPreviewQuery] = useState('');
  /** Bumped when the server's answer may change without the candidate changing (texts published). */
  const [checks, setChecks] = useState(0);
  /** The server's 1811 message while this editor's base is stale. */
  const [conflict, setConflict] = useState<string | null>(null);
  /** Bumped after a submit so the changes list reloads. */
  const [changesRevision, setChangesRevision] = useState(0);

  const loadList = useCallback(async () => {
    try {
      setScreens(await callApi<ScreenRow[]>('studio/screens/list', {}, { silent: true }));
    } catch (error) {
      if (error instanceof ApiError && error.code !== 0) setDenied(error.code === 1040 ? intl.formatMessage({ id: 'studio.editorsOnly' }) : error.message);
    }
  }, [intl]);
  useEffect(() => void loadList(), [loadList]);
  // The texts panel shows the Chinese texts beside the others.
  useEffect(() => void loadCjkFaces(), []);
  /** Every call with its request and response schemas: the layout editor completes bindings from them. */
  const calls = useRef<CallSchemas[]>([]);
  const completeBindings = useMemo(() => bindingCompletions(() => calls.current), []);
  useEffect(() => {
    callApi<CallSchemas[]>('studio/calls/list', {}, { silent: true }).then(
      (list) => {
        calls.current = list;
      },
      () => undefined, // not an editor: the list's answer says so
    );
  }, []);
  useEffect(() => {
    void Promise.all(LOCALES.map(async (l) => [l, await callApi<Record<string, string>>('studio/messages/get', { lang: l }, { silent: true })] as const))
      .then((pairs) => setCatalogs(Object.fromEntries(pairs)))
      .catch(() => undefined); // not an editor: the list's answer says so
  }, []);

  const open = useCallback(async (next: string) => {
    const data = await callApi<StudioScreen>('studio/screens/get', { id: next });
    setId(next);
    setScreen(data);
    setLayoutText(pretty(data.draft?.layout ?? data.layout));
    setSchemaText(data.schema ? pretty(data.draft?.schema ?? data.schema) : '');
    setProblems([]);
    // A screen made in the studio brings its title (typed when it was made) in every language
    // until its first change is approved: edits the editor may still change.
    setEdits(data.newTexts ?? {});
    setNote('');
    setConflict(null);
    setTab('layout');
    setVersions(await callApi<VersionInfo[]>('studio/screens/versions', { id: next }));
  }, []);

  // What is derived from the texts (parsing, checks, the property panel, the preview) follows
  // them at React's pace: typing stays with the editor however fast keys arrive.
  const layoutSource = useDeferredValue(layoutText);
  const schemaSource = useDeferredValue(schemaText);
  const layoutDoc = useMemo(() => parseDocument(layoutSource), [layoutSource]);
  const schemaDoc = useMemo<ParsedDocument | null>(() => (screen?.schema ? parseDocument(schemaSource) : null), [schemaSource, screen?.schema]);
  const layout = layoutDoc.value;
  const schema = schemaDoc?.value ?? null;
  /** Why the documents cannot be checked or published: each broken one with its line and column. */
  const jsonErrors = [
    ...(layoutDoc.error ? [{ doc: 'layout.json', ...layoutDoc.error }] : []),
    ...(schemaDoc?.error ? [{ doc: 'schema.json', ...schemaDoc.error }] : []),
  ];
  // A schema that does not parse is never dropped from a change: nothing is checked or sent.
  const candidate = useMemo(() => (layout && id && (!screen?.schema || schema) ? { id, layout, ...(screen?.schema && schema ? { schema } : {}) } : null), [id, layout, schema, screen?.schema]);
  /** The candidate of the texts as they are now (a click may come before the deferred ones catch up). */
  const currentCandidate = () => {
    if (!id) return null;
    const now = parseDocument(layoutText);
    const nowSchema = screen?.schema ? parseDocument(schemaText) : null;
    if (!now.value || (nowSchema && !nowSchema.value)) return null;
    return { id, layout: now.value, ...(nowSchema?.value ? { schema: nowSchema.value } : {}) };
  };
  /** The texts this editor changed, by language (only languages with changes). */
  const editedTexts = useMemo(() => Object.fromEntries(LOCALES.filter((l) => Object.keys(edits[l] ?? {}).length).map((l) => [l, edits[l]!])), [edits]);
  const hasTextEdits = Object.keys(editedTexts).length > 0;
  /** The version this editor's work starts from: their draft's, else the newest. */
  const baseVersion = screen ? (screen.draft?.baseVersion ?? screen.baseVersion) : 0;

  // Server checks while typing (debounced): catalogue, calls, texts, contract.
  useEffect(() => {
    if (!candidate) return;
    const timer = setTimeout(() => {
      void callApi<{ errors: EditorProblem[] }>('studio/screens/validate', { ...candidate, ...(hasTextEdits ? { texts: editedTexts } : {}) }, { silent: true })
        .then((result) => setProblems(result.errors))
        .catch(() => undefined);
      setRevision((r) => r + 1);
    }, 400);
    return () => clearTimeout(timer);
  }, [candidate, checks, editedTexts, hasTextEdits]);

  // The app's react-intl has no ICU parser (ASTs are precompiled): the studio's chunk parses.
  const previewMessages = useMemo(() => {
    const texts = { ...catalogs[lang], ...edits[lang] };
    return Object.fromEntries(Object.entries(texts).flatMap(([key, text]) => {
      try {
        return [[key, parseIcu(text)]];
      } catch {
        return [];
      }
    })) as unknown as Record<string, string>;
  }, [catalogs, edits, lang]);
  const previewCandidate = useMemo<PreviewCandidate | null>(() => {
    return candidate;
    // Rebuilt per revision (debounced), not per keystroke.
  }, [revision]); // eslint-disable-line react-hooks/exhaustive-deps

  const blockPointer = layout ? blockPointerAt(layout, cursor) : null;
  const block = blockPointer && layout ? (readPointer(layout, blockPointer) as Record<string, unknown>) : null;
  const layoutProblems = useMemo(() => problems.filter((p) => p.pointer.startsWith('/layout')).map((p) => ({ ...p, pointer: p.pointer.slice('/layout'.length) })), [problems]);
  const schemaProblems = useMemo(() => problems.filter((p) => p.pointer.startsWith('/schema')).map((p) => ({ ...p, pointer: p.pointer.slice('/schema'.length) })), [problems]);
  const textIdList = useMemo(() => [...new Set([...(screen?.messageIds ?? []), ...messageIdsOf(layout, schema)])].sort(), [screen?.messageIds, layout, schema]);
  // The same ids keep the same array: the texts table is not redrawn for a keystroke.
  const textIdKey = textIdList.join('\n');
  const textIds = useMemo(() => textIdList, [textIdKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const onProperties = useStable((values: Record<string, unknown>) => {
    // The text as it is now, not the deferred one: nothing typed just before is overwritten.
    const now = parseDocument(layoutText).value;
    const current = now && blockPointer ? (readPointer(now, blockPointer) as Record<string, unknown> | undefined) : undefined;
    if (!now || !blockPointer || !current || typeof current !== 'object') return;
    const next = { ...current };
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || value === '') delete next[key];
      else next[key] = value;
    }
    if (JSON.stringify(next) !== JSON.stringify(current)) setLayoutText(pretty(setAtPointer(now, blockPointer, next)));
  });

  /** Shows a 1811 answer as the conflict notice; any other refusal as a toast (and its problems). */
  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.code === CONFLICT) {
      setConflict(error.message);
      setChangesRevision((r) => r + 1); // the changes that moved on show as they are now
      return;
    }
    showToast({ text: error.message, tone: 'error' });
    const errors = (error.data as { errors?: EditorProblem[] } | null)?.errors;
    if (errors) setProblems(errors);
  };

  const submitted = async (answer: ChangeAnswer) => {
    if (answer.status === 'published') showToast({ text: intl.formatMessage({ id: 'studio.published' }, { version: answer.version ?? 0 }), tone: 'success' });
    else showToast({ messageId: 'studio.submitted', tone: 'success' });
    setChangesRevision((r) => r + 1);
  };

  /** Texts alone as one change (every edited language together). */
  const saveTexts = async () => {
    if (!screen) return;
    setBusy(true);
    try {
      await submitted(await callApi<ChangeAnswer>('studio/messages/save', { texts: editedTexts, baseVersion: screen.textsVersion, ...(note.trim() ? { note: note.trim() } : {}) }, { silent: true }));
      setEdits({});
      setChecks((c) => c + 1);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  /** Layout, schema and edited texts as one change. */
  const publish = async () => {
    const candidate = currentCandidate();
    if (!candidate || !screen) return;
    setBusy(true);
    try {
      const body = { ...candidate, note, baseVersion, ...(hasTextEdits ? { texts: editedTexts, textsBaseVersion: screen.textsVersion } : {}) };
      await submitted(await callApi<ChangeAnswer>('studio/screens/publish', body, { silent: true }));
      await open(candidate.id);
      await loadList();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = async () => {
    const candidate = currentCandidate();
    if (!candidate) return;
    try {
      const result = await callApi<{ errors: EditorProblem[] }>('studio/screens/saveDraft', { ...candidate, baseVersion }, { silent: true });
      setProblems(result.errors);
      setScreen((current) => (current ? { ...current, draft: { layout: candidate.layout, schema: (candidate as { schema?: Record<string, unknown> }).schema ?? null, baseVersion } } : current));
      showToast({ messageId: 'studio.draftSaved', tone: 'success' });
      await loadList();
    } catch (error) {
      refused(error);
    }
  };

  const discardDraft = async () => {
    if (!id || !window.confirm(intl.formatMessage({ id: 'studio.discardConfirm' }))) return;
    await callApi('studio/screens/discardDraft', { id });
    showToast({ messageId: 'studio.draftDiscarded', tone: 'success' });
    await open(id);
    await loadList();
  };

  /** Makes a new screen (a draft at /p/<id> with a form) and opens it. */
  const create = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { id: String(form.get('id') ?? '').trim(), title: String(form.get('title') ?? '').trim(), audience: String(form.get('audience') ?? 'investor') };
    try {
      await callApi('studio/screens/create', body, { silent: true });
      showToast({ messageId: 'studio.created', tone: 'success' });
      await loadList();
      await open(body.id);
    } catch (error) {
      if (error instanceof ApiError) showToast({ text: error.message, tone: 'error' });
    }
  };

  /** Asks for approval to take a made screen off /p/<id>. */
  const unpublish = async () => {
    if (!id || !window.confirm(intl.formatMessage({ id: 'studio.unpublishConfirm' }, { path: `/p/${id}` }))) return;
    try {
      await submitted(await callApi<ChangeAnswer>('studio/screens/unpublish', { id, note }, { silent: true }));
    } catch (error) {
      if (error instanceof ApiError) showToast({ text: error.message, tone: 'error' });
    }
  };
  const made = (screens ?? []).find((row) => row.id === id)?.path ?? null;

  const rollback = async (version: number) => {
    if (!id || !window.confirm(intl.formatMessage({ id: 'studio.rollbackConfirm' }, { version }))) return;
    try {
      await submitted(await callApi<ChangeAnswer>('studio/screens/rollback', { id, version }, { silent: true }));
    } catch (error) {
      refused(error);
    }
  };

  /** After an approval or rejection: the list's versions and the open screen may have moved on. */
  const decided = async () => {
    await loadList();
    if (id && !layoutDirty()) await open(id);
    const pairs = await Promise.all(LOCALES.map(async (l) => [l, await callApi<Record<string, string>>('studio/messages/get', { lang: l })] as const));
    setCatalogs(Object.fromEntries(pairs));
  };
  /** Opens another screen from search or "where used", after asking when unsaved edits would be lost. */
  const openAsked = useStable(async (next: string) => {
    if (next === id) return;
    if ((layoutDirty() || hasTextEdits) && !window.confirm(intl.formatMessage({ id: 'studio.leaveConfirm' }))) return;
    await open(next);
  });
  const onTextEdit = useCallback((l: Locale, key: string, text: string) => setEdits((current) => ({ ...current, [l]: { ...current[l], [key]: text } })), []);
  const onSaveTexts = useStable(() => void saveTexts());
  const onRollback = useStable((v: number) => void rollback(v));
  const onDecided = useStable(() => {
    setChangesRevision((r) => r + 1);
    void decided();
  });
  const layoutDirty = () => !!screen && layoutText !== pretty(screen.draft?.layout ?? screen.layout);

  /** The editors' wording of a syntax error, in the studio's language. */
  const syntaxMessage = (doc: string) => (line: number, column: number) => intl.formatMessage({ id: 'studio.jsonError' }, { doc, line, column });
  /** Why Publish is off: broken JSON first, then the server's problems, then the missing note. */
  const publishBlocked: string | null = jsonErrors.length
    ? intl.formatMessage({ id: 'studio.blockedJson' }, { docs: jsonErrors.map((e) => e.doc).join(', ') })
    : !candidate
      ? null
      : problems.length
        ? intl.formatMessage({ id: 'studio.blockedProblems' }, { count: problems.length })
        : !note.trim()
          ? intl.formatMessage({ id: 'studio.blockedNote' })
          : null;

  if (denied) return <div className="studio studio-denied" data-testid="studio-denied">{denied}</div>;

  return (
    <div className="studio" data-testid="studio">
      <header className="studio-top">
        <h1 className="studio-title"><FormattedMessage id="studio.title" /></h1>
        <ChangesPanel revision={changesRevision} onDecided={onDecided} />
        <SearchPanel onOpen={openAsked} />
        <details className="studio-audit-panel">
          <summary data-testid="studio-audit-open"><FormattedMessage id="studio.audit" /></summary>
          <AuditPanel screenId={id} revision={changesRevision} />
        </details>
      </header>
      <aside className="studio-list">
        <h2 className="studio-subtitle"><FormattedMessage id="studio.screens" /></h2>
        <ul>
          {(screens ?? []).map((row) => (
            <li key={row.id}>
              <button type="button" className={row.id === id ? 'active' : ''} onClick={() => void open(row.id)} data-testid={`screen-${row.id}`}>
                {row.id} <span className="studio-hint">{row.path ? `${row.path} · ` : ''}v{row.version}{row.hasDraft ? ' ✎' : ''}</span>
              </button>
            </li>
          ))}
        </ul>
        <form className="studio-new" onSubmit={(event) => void create(event)} data-testid="studio-new">
          <h2 className="studio-subtitle"><FormattedMessage id="studio.newScreen" /></h2>
          <input className="studio-input" name="id" required pattern="[a-z][A-Za-z0-9]{2,39}" aria-label={intl.formatMessage({ id: 'studio.newScreenId' })} placeholder={intl.formatMessage({ id: 'studio.newScreenId' })} data-testid="studio-new-id" />
          <input className="studio-input" name="title" required maxLength={80} aria-label={intl.formatMessage({ id: 'studio.newScreenTitle' })} placeholder={intl.formatMessage({ id: 'studio.newScreenTitle' })} data-testid="studio-new-title" />
          <select className="studio-input" name="audience" aria-label={intl.formatMessage({ id: 'studio.audience' })} defaultValue="investor" data-testid="studio-new-audience">
            <option value="investor">{intl.formatMessage({ id: 'studio.audienceInvestor' })}</option>
            <option value="public">{intl.formatMessage({ id: 'studio.audiencePublic' })}</option>
          </select>
          <button type="submit" className="studio-button" data-testid="studio-create"><FormattedMessage id="studio.create" /></button>
        </form>
      </aside>
      {screen && id ? (
        <>
          <section className="studio-main">
            <div className="studio-tabs" role="tablist">
              <button type="button" role="tab" aria-selected={tab === 'layout'} onClick={() => setTab('layout')}>layout.json</button>
              {screen.schema && <button type="button" role="tab" aria-selected={tab === 'schema'} onClick={() => setTab('schema')} data-testid="tab-schema">schema.json</button>}
            </div>
            {tab === 'layout' ? (
              <JsonEditor key={`layout-${id}`} label="layout" testId="editor-layout" value={layoutText} onChange={setLayoutText} schema={LAYOUT_META} completions={completeBindings} problems={layoutProblems} onCursor={setCursor} syntaxMessage={syntaxMessage('layout.json')} />
            ) : (
              <JsonEditor key={`schema-${id}`} label="schema" testId="editor-schema" value={schemaText} onChange={setSchemaText} schema={SCHEMA_META} problems={schemaProblems} syntaxMessage={syntaxMessage('schema.json')} />
            )}
            <ul className="studio-problems" data-testid="studio-problems">
              {jsonErrors.map((e) => (
                <li key={e.doc} data-testid="studio-json-error">
                  <FormattedMessage id={e.kind === 'syntax' ? 'studio.jsonError' : 'studio.jsonNotObject'} values={{ doc: e.doc, line: e.line, column: e.column }} />
                </li>
              ))}
              {problems.map((p) => <li key={`${p.pointer}${p.message}`}><code>{p.pointer}</code>: {p.message}</li>)}
            </ul>
            {conflict && (
              <div className="studio-conflict" role="alert" data-testid="studio-conflict">
                <strong><FormattedMessage id="studio.conflictTitle" /></strong>
                <p>{conflict}</p>
                <div className="studio-row">
                  <button type="button" className="studio-button" onClick={() => void open(id)} data-testid="conflict-reload"><FormattedMessage id="studio.reload" /></button>
                  {screen.draft && <button type="button" className="studio-button" onClick={() => void discardDraft()}><FormattedMessage id="studio.discardDraft" /></button>}
                  <button type="button" className="studio-link" onClick={() => setConflict(null)}><FormattedMessage id="studio.close" /></button>
                </div>
              </div>
            )}
            {screen.pending && (
              <p className="studio-hint" data-testid="studio-pending">
                <FormattedMessage id="studio.pendingBy" values={{ who: screen.pending.author ?? '?' }} />
              </p>
            )}
            <div className="studio-row studio-publish">
              <input aria-label={intl.formatMessage({ id: 'studio.note' })} placeholder={intl.formatMessage({ id: 'studio.note' })} value={note} onChange={(e) => setNote(e.target.value)} data-testid="studio-note" />
              <button type="button" className="studio-button" onClick={() => void saveDraft()} disabled={!candidate || busy} data-testid="studio-save-draft"><FormattedMessage id="studio.saveDraft" /></button>
              {screen.draft && (
                <button type="button" className="studio-button" onClick={() => void discardDraft()} disabled={busy} data-testid="studio-discard-draft"><FormattedMessage id="studio.discardDraft" /></button>
              )}
              {made && (
                <button type="button" className="studio-button" onClick={() => void unpublish()} disabled={busy || !note.trim()} data-testid="studio-unpublish"><FormattedMessage id="studio.unpublish" /></button>
              )}
              <button type="button" className="studio-button primary" onClick={() => void publish()} disabled={!candidate || !!publishBlocked || busy} aria-describedby={publishBlocked ? 'studio-publish-reason' : undefined} data-testid="studio-publish">
                <FormattedMessage id="studio.publish" />
              </button>
            </div>
            {publishBlocked && (
              <p className="studio-hint studio-publish-reason" id="studio-publish-reason" data-testid="studio-publish-reason">
                <FormattedMessage id="studio.publishBlocked" values={{ reason: publishBlocked }} />
              </p>
            )}
            <details open>
              <summary><FormattedMessage id="studio.properties" /></summary>
              <PropertyPanel key={blockPointer ?? 'none'} block={block} onChange={onProperties} />
            </details>
            <details open>
              <summary><FormattedMessage id="studio.texts" /></summary>
              <TextsPanel ids={textIds} catalogs={catalogs} edits={edits} saving={busy} onSave={onSaveTexts} onOpen={openAsked} onEdit={onTextEdit} />
            </details>
            <details>
              <summary data-testid="studio-history"><FormattedMessage id="studio.history" /></summary>
              <VersionsPanel id={id} versions={versions} onRollback={onRollback} />
            </details>
          </section>
          <section className="studio-preview">
            <div className="studio-row" role="group" aria-label={intl.formatMessage({ id: 'studio.previewLanguage' })}>
              {LOCALES.map((l) => (
                <button key={l} type="button" className={l === lang ? 'studio-chip active' : 'studio-chip'} onClick={() => setLang(l)} data-testid={`preview-${l}`}>{l.toUpperCase()}</button>
              ))}
            </div>
            <label className="studio-row studio-query">
              <span><FormattedMessage id="studio.previewQuery" /></span>
              <input className="studio-input" value={previewQuery} onChange={(event) => setPreviewQuery(event.target.value)} placeholder="id=1" data-testid="preview-query" />
            </label>
            {previewCandidate && <Preview key={previewQuery} candidate={previewCandidate} revision={revision} lang={lang} messages={previewMessages} query={previewQuery} />}
          </section>
        </>
      ) : (
        <p className="studio-hint studio-main"><FormattedMessage id="studio.pickScreen" /></p>
      )}
    </div>
  );
}

/**
 * Change requests in the studio: the changes that wait for approval (or, by filter, those
 * published or rejected), each opening to its diff — layout and schema as a unified diff, every
 * text before and after — with Approve and Reject (with a reason). An editor's own change shows
 * that another editor must approve it. Works at phone width: one column, the diff scrolls.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { json } from '@codemirror/lang-json';
import { unifiedMergeView } from '@codemirror/merge';
import { editorRoot } from './editor-root';
import { ApiError, callApi } from '../api';
import { showToast } from '../toast-bus';
import { baseSetup } from './setup';

type Status = 'pending' | 'published' | 'rejected';

/** A change as `studio/changes/list` answers it. */
export interface ChangeSummary {
  id: string;
  kind: 'screen' | 'texts' | 'rollback';
  screenId: string | null;
  status: Status;
  author: string | null;
  note: string;
  createdAt: number;
  approvals: number;
  approvalsNeeded: number;
  reason: string | null;
  version: number | null;
  textIds: string[];
  mine: boolean;
}

/** A change with its diff, as `studio/changes/get` answers it. */
export interface ChangeDetail extends ChangeSummary {
  layout: { before: unknown; after: unknown } | null;
  schema: { before: unknown; after: unknown } | null;
  texts: Array<{ lang: string; id: string; before: string | null; after: string }>;
}

const pretty = (layout: unknown, schema: unknown) => `${JSON.stringify({ layout, schema }, null, 2)}\n`;

/** Layout and schema before → after as one unified diff (deleted lines shown inline). */
function UnifiedDiff({ before, after }: { before: string; after: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = new EditorView({
      parent: editorRoot(host.current!),
      root: editorRoot(host.current!),
      state: EditorState.create({
        doc: after,
        extensions: [baseSetup, json(), EditorState.readOnly.of(true), EditorView.editable.of(false), unifiedMergeView({ original: before, mergeControls: false, collapseUnchanged: { margin: 2 } })],
      }),
    });
    return () => view.destroy();
  }, [before, after]);
  return <div ref={host} className="studio-diff" data-testid="change-diff" />;
}

/** One change's diff (layout and schema, every text before and after) with Approve and Reject while it is pending. */
export function ChangeDetailView({ change, onDone }: { change: ChangeDetail; onDone(): void }) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (call: 'studio/changes/approve' | 'studio/changes/reject') => {
    setBusy(true);
    try {
      const body = call === 'studio/changes/approve' ? { id: change.id } : { id: change.id, reason };
      await callApi(call, body, { silent: true });
      showToast({ messageId: call === 'studio/changes/approve' ? 'studio.approved' : 'studio.rejected', tone: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof ApiError) showToast({ text: error.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const layoutChanged = change.layout && JSON.stringify(change.layout.before) + JSON.stringify(change.schema?.before) !== JSON.stringify(change.layout.after) + JSON.stringify(change.schema?.after);
  return (
    <div className="studio-change-detail" data-testid="change-detail">
      {change.layout && (
        <>
          <h3 className="studio-subtitle"><FormattedMessage id={layoutChanged ? 'studio.layoutChanged' : 'studio.noLayoutChange'} /></h3>
          {layoutChanged && <UnifiedDiff before={pretty(change.layout.before, change.schema?.before)} after={pretty(change.layout.after, change.schema?.after)} />}
        </>
      )}
      {change.texts.length > 0 && (
        <>
          <h3 className="studio-subtitle"><FormattedMessage id="studio.textsChanged" /></h3>
          <div className="studio-scroll">
            <table className="studio-texts studio-text-diff" data-testid="change-texts">
              <thead>
                <tr>
                  <th><FormattedMessage id="studio.messageId" /></th>
                  <th><FormattedMessage id="studio.before" /></th>
                  <th><FormattedMessage id="studio.after" /></th>
                </tr>
              </thead>
              <tbody>
                {change.texts.map((t) => (
                  <tr key={`${t.lang}-${t.id}`}>
                    <td className="studio-text-id">{t.id} <span className="studio-hint">{t.lang.toUpperCase()}</span></td>
                    <td><del>{t.before ?? '—'}</del></td>
                    <td><ins>{t.after}</ins></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {change.status === 'rejected' && change.reason && <p className="studio-hint">{change.reason}</p>}
      {change.status === 'pending' && (
        <div className="studio-row studio-decide">
          {change.mine ? (
            <span className="studio-hint" data-testid="change-own"><FormattedMessage id="studio.ownChange" /></span>
          ) : (
            <button type="button" className="studio-button primary" disabled={busy} onClick={() => void act('studio/changes/approve')} data-testid="change-approve">
              <FormattedMessage id="studio.approve" />
            </button>
          )}
          <input aria-label={intl.formatMessage({ id: 'studio.rejectReason' })} placeholder={intl.formatMessage({ id: 'studio.rejectReason' })} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="change-reason" />
          <button type="button" className="studio-button" disabled={busy || !reason.trim()} onClick={() => void act('studio/changes/reject')} data-testid="change-reject">
            <FormattedMessage id="studio.reject" />
          </button>
        </div>
      )}
    </div>
  );
}

/** Props of {@link ChangesPanel}. */
export interface ChangesPanelProps {
  /** Bumped by the studio when it submitted a change, so the list reloads. */
  revision: number;
  /** Called after an approval or rejection (a screen may have gone live). */
  onDecided(): void;
}

/** The studio's change requests. */
export const ChangesPanel = memo(function ChangesPanel({ revision, onDecided }: ChangesPanelProps) {
  const intl = useIntl();
  const [status, setStatus] = useState<Status>('pending');
  const [changes, setChanges] = useState<ChangeSummary[]>([]);
  const [open, setOpen] = useState<ChangeDetail | null>(null);
  const load = useCallback(async () => {
    try {
      setChanges(await callApi<ChangeSummary[]>('studio/changes/list', { status }, { silent: true }));
    } catch {
      setChanges([]); // not an editor: the studio says so
    }
  }, [status]);
  useEffect(() => void load(), [load, revision]);

  const toggle = async (id: string) => {
    if (open?.id === id) return setOpen(null);
    setOpen(await callApi<ChangeDetail>('studio/changes/get', { id }));
  };
  const pendingCount = status === 'pending' ? changes.length : null;

  return (
    <details className="studio-changes" open={status !== 'pending' || changes.length > 0} data-testid="studio-changes">
      <summary>
        <FormattedMessage id="studio.changes" />
        {pendingCount !== null && <span className="studio-hint"> · <FormattedMessage id="studio.changesPending" values={{ count: pendingCount }} /></span>}
      </summary>
      <div className="studio-row" role="group" aria-label={intl.formatMessage({ id: 'studio.changes' })}>
        {(['pending', 'published', 'rejected'] as const).map((s) => (
          <button key={s} type="button" className={s === status ? 'studio-chip active' : 'studio-chip'} onClick={() => { setStatus(s); setOpen(null); }} data-testid={`changes-${s}`}>
            <FormattedMessage id="studio.status" values={{ status: s }} />
          </button>
        ))}
      </div>
      <ul className="studio-change-list">
        {changes.map((c) => (
          <li key={c.id} data-testid={`change-${c.id}`}>
            <button type="button" className="studio-change-row" aria-expanded={open?.id === c.id} onClick={() => void toggle(c.id)}>
              <strong>{c.screenId ?? <FormattedMessage id="studio.textsChanged" />}</strong>
              {c.note && <span> — {c.note}</span>}
              <span className="studio-hint">
                {' '}{c.author} · <FormattedDate value={c.createdAt} dateStyle="short" timeStyle="short" /> ·{' '}
                {c.status === 'pending' ? <FormattedMessage id="studio.approvals" values={{ count: c.approvals, needed: c.approvalsNeeded }} /> : <FormattedMessage id="studio.status" values={{ status: c.status }} />}
                {c.version !== null && ` · v${c.version}`}
              </span>
            </button>
            {open?.id === c.id && <ChangeDetailView change={open} onDone={() => { setOpen(null); void load(); onDecided(); }} />}
          </li>
        ))}
      </ul>
    </details>
  );
});

/**
 * The studio's audit view (`studio/audit/list`): who changed what and when — changes submitted,
 * approved, rejected and gone live, rollbacks, screens made and unpublished, drafts saved and
 * discarded, stale changes refused — with the note (or the reason of a rejection), newest first,
 * 20 to a page, for every screen or only the open one. A row that belongs to a change opens its
 * diff (`studio/changes/get`).
 */
import { memo, useCallback, useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { callApi } from '../api';
import { ChangeDetailView, type ChangeDetail } from './ChangesPanel';

interface AuditEntry {
  id: string;
  at: number;
  who: string | null;
  action: string;
  screenId: string | null;
  changeId: string | null;
  note: string;
  version: number | null;
}

interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** Props of {@link AuditPanel}. */
export interface AuditPanelProps {
  /** The screen open in the editor (offered as a filter); null when none. */
  screenId: string | null;
  /** Bumped when something was submitted or decided, so the view reloads. */
  revision: number;
}

/** The audit view. */
export const AuditPanel = memo(function AuditPanel({ screenId, revision }: AuditPanelProps) {
  const [onlyThis, setOnlyThis] = useState(false);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AuditPage | null>(null);
  const [open, setOpen] = useState<ChangeDetail | null>(null);
  const filter = onlyThis && screenId ? screenId : null;
  const load = useCallback(async () => {
    setData(await callApi<AuditPage>('studio/audit/list', { page, pageSize: 20, ...(filter ? { screenId: filter } : {}) }, { silent: true }).catch(() => null));
  }, [page, filter]);
  useEffect(() => void load(), [load, revision]);
  const toggle = async (changeId: string) => {
    if (open?.id === changeId) return setOpen(null);
    setOpen(await callApi<ChangeDetail>('studio/changes/get', { id: changeId }));
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div data-testid="studio-audit">
      {screenId && (
        <label className="studio-row">
          <input type="checkbox" checked={onlyThis} onChange={(event) => { setOnlyThis(event.target.checked); setPage(1); }} data-testid="audit-only-screen" />
          <FormattedMessage id="studio.auditOnlyScreen" values={{ id: screenId }} />
        </label>
      )}
      <div className="studio-scroll">
        <table className="studio-texts studio-audit-table">
          <thead>
            <tr>
              <th><FormattedMessage id="studio.auditWhen" /></th>
              <th><FormattedMessage id="studio.auditWho" /></th>
              <th><FormattedMessage id="studio.auditWhat" /></th>
              <th><FormattedMessage id="studio.note" /></th>
              <th><FormattedMessage id="studio.auditDiff" /></th>
            </tr>
          </thead>
          <tbody>
            {(data?.items ?? []).map((entry) => (
              <tr key={entry.id} data-testid="audit-row">
                <td><FormattedDate value={entry.at} dateStyle="short" timeStyle="short" /></td>
                <td className="studio-text-id">{entry.who ?? '—'}</td>
                <td>
                  <FormattedMessage id="studio.auditAction" values={{ action: entry.action.replace(/\./g, '_') }} />
                  {entry.screenId && <> · <strong>{entry.screenId}</strong></>}
                  {entry.version !== null && ` · v${entry.version}`}
                </td>
                <td>{entry.note}</td>
                <td>
                  {entry.changeId && (
                    <button type="button" className="studio-link" aria-expanded={open?.id === entry.changeId} onClick={() => void toggle(entry.changeId!)} data-testid="audit-diff">
                      <FormattedMessage id="studio.auditShowDiff" />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && <ChangeDetailView key={open.id} change={open} onDone={() => { setOpen(null); void load(); }} />}
      <div className="studio-row">
        <button type="button" className="studio-button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="audit-prev"><FormattedMessage id="studio.auditPrev" /></button>
        <span className="studio-hint"><FormattedMessage id="studio.auditPage" values={{ page, pages }} /></span>
        <button type="button" className="studio-button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} data-testid="audit-next"><FormattedMessage id="studio.auditNext" /></button>
      </div>
    </div>
  );
});

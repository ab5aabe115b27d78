/**
 * A screen's history: every version newest first (0 = the files), a diff between
 * any two (CodeMirror's merge view of layout and schema), and rollback — which publishes the
 * old version again as a new one.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { MergeView } from '@codemirror/merge';
import { editorRoot } from './editor-root';
import { EditorView } from '@codemirror/view';
import { baseSetup } from './setup';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { callApi } from '../api';

/** One version as `studio/screens/versions` lists it. */
export interface VersionInfo {
  version: number;
  author: string | null;
  note: string;
  publishedAt: number | null;
}

interface Content {
  layout: unknown;
  schema: unknown;
}

const pretty = (content: Content) => `${JSON.stringify({ layout: content.layout, schema: content.schema }, null, 2)}\n`;

function Diff({ a, b }: { a: string; b: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const readOnly = [baseSetup, json(), EditorState.readOnly.of(true), EditorView.editable.of(false)];
    const view = new MergeView({ a: { doc: a, extensions: readOnly }, b: { doc: b, extensions: readOnly }, parent: editorRoot(host.current!), root: editorRoot(host.current!), collapseUnchanged: { margin: 2 } });
    return () => view.destroy();
  }, [a, b]);
  return <div ref={host} className="studio-diff" data-testid="studio-diff" />;
}

/** Props of {@link VersionsPanel}. */
export interface VersionsPanelProps {
  id: string;
  versions: VersionInfo[];
  onRollback(version: number): void;
}

/** History, diff and rollback. */
export const VersionsPanel = memo(function VersionsPanel({ id, versions, onRollback }: VersionsPanelProps) {
  const intl = useIntl();
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [diff, setDiff] = useState<{ a: string; b: string } | null>(null);
  const left = from ?? versions[1]?.version ?? null;
  const right = to ?? versions[0]?.version ?? null;

  const compare = async () => {
    if (left === null || right === null) return;
    const [a, b] = await Promise.all([left, right].map((version) => callApi<Content>('studio/screens/get', { id, version })));
    setDiff({ a: pretty(a!), b: pretty(b!) });
  };

  return (
    <div data-testid="studio-versions">
      <ul className="studio-version-list">
        {versions.map((v) => (
          <li key={v.version}>
            <strong>v{v.version}</strong> {v.version === 0 ? <FormattedMessage id="studio.versionFiles" /> : v.note}
            <span className="studio-hint">
              {' '}
              {v.author ?? ''} {v.publishedAt !== null && <FormattedDate value={v.publishedAt} dateStyle="short" timeStyle="short" />}
            </span>
            {v.version !== versions[0]?.version && (
              <button type="button" className="studio-link" onClick={() => onRollback(v.version)} data-testid={`rollback-${v.version}`}>
                <FormattedMessage id="studio.rollback" />
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="studio-row">
        <select aria-label={intl.formatMessage({ id: 'studio.compareFrom' })} value={left ?? ''} onChange={(e) => setFrom(Number(e.target.value))}>
          {versions.map((v) => <option key={v.version} value={v.version}>v{v.version}</option>)}
        </select>
        <span>→</span>
        <select aria-label={intl.formatMessage({ id: 'studio.compareTo' })} value={right ?? ''} onChange={(e) => setTo(Number(e.target.value))}>
          {versions.map((v) => <option key={v.version} value={v.version}>v{v.version}</option>)}
        </select>
        <button type="button" className="studio-button" onClick={() => void compare()} disabled={versions.length < 2} data-testid="studio-compare">
          <FormattedMessage id="studio.compare" />
        </button>
      </div>
      {diff && <Diff a={diff.a} b={diff.b} />}
    </div>
  );
});

/**
 * The detail block: one record from a call, as labelled rows and private photos, with
 * actions (call with the record's fields; optional confirmation; optional required text input
 * such as a reject reason; optional result shown in a sheet). Actions may be limited to
 * states with `when`. Used by the back office and by record details.
 */
import { useContext, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../registry';
import type { Action, BlockSpec, Binding, LoadSpec } from '../types';
import { useCallData } from '../useCallData';
import { bindTemplate, formatBinding, readPath } from '../formatters';
import { useHost } from '../host';
import { ScopeContext, useReloadable } from '../scope';
import { runActions } from '../actions';
import { Skeleton } from '../ui/Skeleton';
import { ErrorState } from '../ui/ErrorState';
import { AuthImage } from '../ui/AuthImage';
import { Sheet } from '../ui/Sheet';

interface DetailAction {
  label: string;
  call: string;
  params: Record<string, string>;
  tone?: 'primary' | 'secondary' | 'danger';
  when?: { field: string; in: unknown[] };
  confirm?: string;
  input?: { name: string; label: string; maxLength?: number };
  /** Send an Idempotency-Key (money-moving operator actions); retries reuse it. */
  idempotent?: boolean;
  result?: { field: string; label: string };
  onSuccess?: Action[];
}

interface DetailSpec extends BlockSpec {
  title?: string;
  load: LoadSpec;
  fields: Binding[];
  photos?: Array<{ field: string; label: string }>;
  actions?: DetailAction[];
}

type Item = Record<string, unknown>;

export function DetailBlock({ spec }: BlockProps<DetailSpec>) {
  const intl = useIntl();
  const host = useHost();
  const scope = useContext(ScopeContext);
  const { data, error, isLoading, reload } = useCallData<Item>(spec.load);
  useReloadable(spec.id, reload);
  const [open, setOpen] = useState<DetailAction | null>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ label: string; value: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new Map<string, string>());

  if (isLoading && !data) return <Skeleton rows={5} />;
  if (error || !data) return <ErrorState messageId="screen.loadError" onRetry={reload} />;

  const perform = async (action: DetailAction) => {
    if (action.input && !text.trim()) return;
    setBusy(true);
    try {
      const body = { ...(bindTemplate(action.params, data) as Item), ...(action.input ? { [action.input.name]: text.trim() } : {}) };
      let idempotencyKey: string | undefined;
      if (action.idempotent) {
        const slot = `${action.call}:${JSON.stringify(body)}`;
        if (!keys.current.has(slot)) keys.current.set(slot, crypto.randomUUID());
        idempotencyKey = keys.current.get(slot);
      }
      const response = await host.call<Item>(action.call, body, { idempotencyKey });
      setOpen(null);
      setText('');
      if (action.result) setResult({ label: action.result.label, value: String(readPath(response, action.result.field) ?? '') });
      reload();
      await runActions(action.onSuccess, { host, scope, response });
    } catch {
      /* toasted by the host */
    } finally {
      setBusy(false);
    }
  };

  const visible = (spec.actions ?? []).filter((a) => !a.when || a.when.in.includes(readPath(data, a.when.field)));
  return (
    <section className="detail" data-testid={`detail-${spec.id ?? 'record'}`}>
      {spec.title && <h3 className="section-title"><FormattedMessage id={spec.title} /></h3>}
      <dl className="detail-rows card">
        {spec.fields.map((b) => (
          <div key={b.field} className="detail-row">
            <dt>{b.label && <FormattedMessage id={b.label} />}</dt>
            <dd data-field={b.field}>{formatBinding(data, b, intl) || '–'}</dd>
          </div>
        ))}
      </dl>
      {spec.photos && (
        <div className="detail-photos">
          {spec.photos.map((p) => {
            const url = readPath(data, p.field);
            return typeof url === 'string' ? (
              <figure key={p.field}>
                <AuthImage url={url} alt={intl.formatMessage({ id: p.label })} />
                <figcaption><FormattedMessage id={p.label} /></figcaption>
              </figure>
            ) : null;
          })}
        </div>
      )}
      {visible.length > 0 && (
        <div className="detail-actions">
          {visible.map((action) => (
            <button
              key={action.label}
              type="button"
              className={`btn ${action.tone === 'secondary' ? 'btn-secondary' : 'btn-primary'}${action.tone === 'danger' ? ' btn-danger' : ''}`}
              disabled={busy}
              onClick={() => (action.confirm || action.input ? setOpen(action) : void perform(action))}
            >
              <FormattedMessage id={action.label} />
            </button>
          ))}
        </div>
      )}
      <Sheet open={open !== null} title={open ? intl.formatMessage({ id: open.confirm ?? open.label }) : ''} onClose={() => setOpen(null)} testId="action-sheet">
        {open?.input && (
          <label className="field">
            <span className="field-label"><FormattedMessage id={open.input.label} /></span>
            <textarea className="input textarea" maxLength={open.input.maxLength ?? 500} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
          </label>
        )}
        <div className="sheet-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(null)}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className={`btn btn-primary${open?.tone === 'danger' ? ' btn-danger' : ''}`} disabled={busy || Boolean(open?.input && !text.trim())} onClick={() => open && void perform(open)} data-testid="action-confirm">
            {open && <FormattedMessage id={open.label} />}
          </button>
        </div>
      </Sheet>
      <Sheet open={result !== null} title={result ? intl.formatMessage({ id: result.label }) : ''} onClose={() => setResult(null)} testId="result-sheet">
        <p className="result-value mono">{result?.value}</p>
      </Sheet>
    </section>
  );
}

/**
 * The detail block: one record from a call, as labelled rows and private photos, with
 * actions (call with the record's fields; optional confirmation; optional required text input
 * such as a reject reason; optional result shown in a sheet). Actions may be limited to
 * states with `when`. Used by the back office and by record details.
 */
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../../types';
import { bindTemplate, readPath, useBlockData } from '../../data';
import { useFormat } from '../../formatters';
import { useHost } from '../../host';
import { useRunActions } from '../../actions';
import { CommandSummary, useConfirmOf } from '../../ui/CommandConfirm';
import { Skeleton } from '../../ui/Skeleton';
import { ErrorState } from '../../ui/ErrorState';
import { AuthImage } from '../../ui/AuthImage';
import { Sheet } from '../../ui/Sheet';
import type { DetailBlockSpec } from './spec';

/** One action of the record (`idempotent`: send an Idempotency-Key; retries reuse it). */
type DetailAction = NonNullable<DetailBlockSpec['actions']>[number];

type Item = Record<string, unknown>;

export function DetailBlock({ spec }: BlockProps<DetailBlockSpec>) {
  const intl = useIntl();
  const host = useHost();
  const format = useFormat();
  const run = useRunActions();
  const confirmOf = useConfirmOf();
  const { data, error, isLoading, reload } = useBlockData<Item>(spec.id, spec.load);
  const [open, setOpen] = useState<DetailAction | null>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ label: string; value: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new Map<string, string>());

  if (isLoading && !data) return <Skeleton rows={5} />;
  if (error || !data) return <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;

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
      await run(action.onSuccess, { response });
    } catch {
      /* toasted by the host */
    } finally {
      setBusy(false);
    }
  };

  // A declared confirmation replaces the layout's sheet text with the call's own name and amount.
  const openConfirm = open ? confirmOf(open.call) : undefined;
  const visible = (spec.actions ?? []).filter((a) => !a.when || a.when.in.includes(readPath(data, a.when.field)));
  return (
    <section className="detail" data-testid={`detail-${spec.id ?? 'record'}`}>
      {spec.title && <h2 className="section-title"><FormattedMessage id={spec.title} /></h2>}
      <dl className="detail-rows card">
        {spec.fields.map((b) => {
          const rows = b.itemFields ? readPath(data, b.field) : undefined;
          // A list value with item fields (an ETF's basket) is a table: one row per item, one cell per field.
          if (b.itemFields && Array.isArray(rows) && rows.length) {
            return (
              <div key={b.field} className="detail-row detail-table-row">
                <dt>{b.label && <FormattedMessage id={b.label} />}</dt>
                <dd data-field={b.field}>
                  <table className="item-table">
                    <tbody>
                      {rows.map((item, index) => (
                        <tr key={index}>
                          {b.itemFields!.map((f) => {
                            const field = typeof f === 'string' ? { field: f } : f;
                            const value = readPath(item, field.field);
                            const text = value === undefined || value === null || value === '' ? '' : `${field.prefix ?? ''}${format.value(value, field.format)}`;
                            return <td key={field.field} className={field.format && field.format !== 'text' ? 'num' : undefined}>{text}</td>;
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </dd>
              </div>
            );
          }
          return (
            <div key={b.field} className="detail-row">
              <dt>{b.label && <FormattedMessage id={b.label} />}</dt>
              <dd data-field={b.field}>{format.binding(data, b) || '–'}</dd>
            </div>
          );
        })}
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
              onClick={() => (action.confirm || action.input || confirmOf(action.call) ? setOpen(action) : void perform(action))}
            >
              <FormattedMessage id={action.label} />
            </button>
          ))}
        </div>
      )}
      <Sheet open={open !== null} title={open ? intl.formatMessage({ id: openConfirm ? 'confirm.title' : (open.confirm ?? open.label) }) : ''} onClose={() => setOpen(null)} testId="action-sheet">
        {open && openConfirm && <CommandSummary call={open.call} body={bindTemplate(open.params, data)} confirm={openConfirm} />}
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
            {open && <FormattedMessage id={openConfirm ? 'confirm.ok' : open.label} />}
          </button>
        </div>
      </Sheet>
      <Sheet open={result !== null} title={result ? intl.formatMessage({ id: result.label }) : ''} onClose={() => setResult(null)} testId="result-sheet">
        <p className="result-value mono">{result?.value}</p>
      </Sheet>
    </section>
  );
}

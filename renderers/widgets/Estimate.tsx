/**
 * Derived figures under a form field (the order ticket's conversion, the IPO's
 * price × lots calculator, the basket's shares per stock): asks `call` with `params` bound over the form's current data
 * (`{quantity}`, `{symbol}`; `{query.x}` from the route) whenever it changes, and shows the
 * answer's `items` as label/value rows. The server computes the figures, so the ticket shows
 * exactly what the order will charge. Nothing is shown until every param the call's request
 * schema requires has a value (the screen's call declarations carry the `required` list); a
 * param it does not require that is still empty is left out of the body. A refusal (e.g. market
 * closed, lots out of range) shows no figures rather than stale ones.
 */
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFormat } from '../formatters';
import { bindTemplate, useCallData, useQueryObject } from '../data';
import type { FormContext } from '../form/context';
import { useRequiredOf } from '../ui/CommandConfirm';

/** `ui:options.estimate` of a field. */
export interface EstimateSpec {
  call: string;
  /** Body of the call; `{field}` takes the form's value, `{query.x}` the route's. */
  params: Record<string, unknown>;
  /**
   * Rows to show: answer field, message id of the label, formatter name; a list field with
   * `itemFields` shows one line per item (the basket's shares per stock).
   */
  items: Array<{ field: string; label: string; format?: string; itemFields?: Array<string | { field: string; format?: string; prefix?: string }> }>;
  /** Message id of a note under the rows (e.g. "rate simulated, like the prices"). */
  note?: string;
}

export function Estimate({ spec, context }: { spec: EstimateSpec; context: FormContext }) {
  const format = useFormat();
  const query = useQueryObject();
  // The bound body as a string: a stable snapshot for React, changing only with the data.
  const body = useSyncExternalStore(context.subscribe, () => JSON.stringify(bindTemplate(spec.params, { ...context.getFormData(), query })));
  const params = JSON.parse(body) as Record<string, unknown>;
  // Every param the call requires must have a value (a form value still undefined is dropped
  // by the JSON snapshot); one it does not require that is still empty is left out of the body.
  const required = useRequiredOf()(spec.call);
  const needed = (key: string) => !required || required.includes(key);
  const filled = (key: string) => params[key] !== undefined && params[key] !== null && params[key] !== '';
  const complete = Object.keys(spec.params).every((key) => !needed(key) || filled(key));
  for (const key of Object.keys(params)) if (!needed(key) && !filled(key)) delete params[key];
  // The params are already bound (form data and route), so the load spec carries plain values.
  const { data, error } = useCallData<Record<string, unknown>>(complete ? { call: spec.call, params } : null, {
    silent: true,
    keepPreviousData: true,
    retryOnError: false,
  });
  if (!complete || error || !data) return null;
  return (
    <div className="estimate" data-testid="estimate" aria-live="polite">
      <dl className="detail-list">
        {spec.items.map((item) => (
          <div key={item.field} className="detail-row">
            <dt><FormattedMessage id={item.label} /></dt>
            <dd data-testid={`estimate-${item.field}`} className={item.itemFields ? 'estimate-lines' : undefined}>{item.itemFields ? format.binding(data, item) : format.value(data[item.field], item.format)}</dd>
          </div>
        ))}
      </dl>
      {spec.note && <p className="estimate-note"><FormattedMessage id={spec.note} /></p>}
    </div>
  );
}

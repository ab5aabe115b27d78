/**
 * Commands run only from a tap, and the ones their declaration marks (money and operator
 * commands) only after the user confirmed them on a sheet the renderer draws from the call's
 * declaration — the call's localized name and the amount or quantity of the body — never from
 * layout text. The declarations come with the screen payload (`calls`, from the server's call
 * registry). {@link CommandProvider} wraps a screen; {@link useCommand} is how a block runs a
 * tapped call.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHost } from '../host';
import { useFormat } from '../formatters';
import { callTitleId, type ScreenCall } from '../../src/shared/calls';
import { fromMinor, roundToMinor, withdrawalFeeMinor } from '../../src/shared/money';
import { formatMoney } from '../../src/shared/format';
import { readPath, useCallData } from '../data';
import { Sheet } from './Sheet';

/** Thrown by {@link useCommand}'s runner when the user closed the sheet without confirming. */
export class CommandCancelled extends Error {
  constructor(readonly call: string) {
    super(`${call} not confirmed`);
    this.name = 'CommandCancelled';
  }
}

interface Gate {
  /** The call's declared confirmation, or undefined when a tap runs it at once. */
  confirmOf(name: string): ScreenCall['confirm'] | undefined;
  /** The body fields the call's request schema requires, or undefined when unknown. */
  requiredOf(name: string): string[] | undefined;
  /** Shows the sheet; resolves true when confirmed. */
  ask(name: string, body: unknown): Promise<boolean>;
}

const NO_GATE: Gate = { confirmOf: () => undefined, requiredOf: () => undefined, ask: () => Promise.resolve(true) };
const GateContext = createContext<Gate>(NO_GATE);

/**
 * The rows a confirmation shows for a call's body: its name, then amount and quantity when
 * declared, and with a declared fee ratio the fee and the net of the amount.
 */
export function CommandSummary({ call, body, confirm }: { call: string; body: unknown; confirm: NonNullable<ScreenCall['confirm']> }) {
  const format = useFormat();
  const record = (body ?? {}) as Record<string, unknown>;
  const amount = confirm.amountField !== undefined && record[confirm.amountField] !== undefined ? format.binding(record, { field: confirm.amountField, format: 'money' }) : '';
  const ratio = useCallData<unknown>(confirm.fee ? { call: confirm.fee.call } : null);
  const rate = confirm.fee && ratio.data !== undefined ? Number(readPath(ratio.data, confirm.fee.field)) : NaN;
  const amountValue = confirm.amountField !== undefined ? Number(record[confirm.amountField]) : NaN;
  const feeMinor = Number.isFinite(rate) && Number.isFinite(amountValue) ? withdrawalFeeMinor(roundToMinor(amountValue), Math.round(rate * 10_000)) : null;
  const quantity = confirm.quantityField !== undefined && record[confirm.quantityField] !== undefined ? String(record[confirm.quantityField]) : '';
  return (
    <div className="command-summary" data-testid="command-summary" data-call={call}>
      <p className="command-name"><FormattedMessage id={callTitleId(call)} /></p>
      {(amount || quantity) && (
        <dl className="detail-rows">
          {amount && (
            <div className="detail-row">
              <dt><FormattedMessage id="confirm.amount" /></dt>
              <dd className="mono" data-testid="command-amount">{amount}</dd>
            </div>
          )}
          {quantity && (
            <div className="detail-row">
              <dt><FormattedMessage id="confirm.quantity" /></dt>
              <dd className="mono" data-testid="command-quantity">{quantity}</dd>
            </div>
          )}
          {feeMinor !== null && (
            <>
              <div className="detail-row">
                <dt><FormattedMessage id="confirm.fee" /></dt>
                <dd className="mono" data-testid="command-fee">{formatMoney(fromMinor(feeMinor))}</dd>
              </div>
              <div className="detail-row">
                <dt><FormattedMessage id="confirm.net" /></dt>
                <dd className="mono" data-testid="command-net">{formatMoney(fromMinor(Math.max(0, roundToMinor(amountValue) - feeMinor)))}</dd>
              </div>
            </>
          )}
        </dl>
      )}
    </div>
  );
}

/** Holds the declarations of a screen's calls and draws the confirmation sheet. */
export function CommandProvider({ calls, children }: { calls: Record<string, ScreenCall> | undefined; children: ReactNode }) {
  const intl = useIntl();
  const [pending, setPending] = useState<{ call: string; body: unknown; confirm: NonNullable<ScreenCall['confirm']> } | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setPending(null);
  }, []);
  const gate = useMemo<Gate>(
    () => ({
      confirmOf: (name) => calls?.[name]?.confirm,
      requiredOf: (name) => calls?.[name]?.required,
      ask: (name, body) => {
        const confirm = calls?.[name]?.confirm;
        if (!confirm) return Promise.resolve(true);
        resolver.current?.(false);
        return new Promise<boolean>((resolve) => {
          resolver.current = resolve;
          setPending({ call: name, body, confirm });
        });
      },
    }),
    [calls],
  );
  return (
    <GateContext.Provider value={gate}>
      {children}
      <Sheet open={pending !== null} title={intl.formatMessage({ id: 'confirm.title' })} onClose={() => settle(false)} testId="command-sheet">
        {pending && <CommandSummary call={pending.call} body={pending.body} confirm={pending.confirm} />}
        <div className="sheet-actions">
          <button type="button" className="btn btn-secondary" onClick={() => settle(false)} data-testid="command-cancel">
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn-primary" onClick={() => settle(true)} data-testid="command-confirm">
            <FormattedMessage id="confirm.ok" />
          </button>
        </div>
      </Sheet>
    </GateContext.Provider>
  );
}

/**
 * The declared confirmation of a call on the current screen (undefined: a tap runs it at once),
 * for blocks that draw their own sheet around an action (a reason to type): they show
 * {@link CommandSummary} in it instead of layout text, and run the call once it is confirmed.
 */
export function useConfirmOf(): (call: string) => ScreenCall['confirm'] | undefined {
  return useContext(GateContext).confirmOf;
}

/**
 * The body fields a call of the current screen requires by its request schema (undefined when
 * the screen does not know: every param then counts as required), for an estimate that leaves
 * empty optional params out.
 */
export function useRequiredOf(): (call: string) => string[] | undefined {
  return useContext(GateContext).requiredOf;
}

/**
 * Runs a tapped call: asks for confirmation first when the call's declaration wants it.
 * @throws CommandCancelled when the user did not confirm; otherwise as `host.call`.
 */
export function useCommand(): <T = unknown>(call: string, body: unknown, options?: { silent?: boolean; idempotencyKey?: string }) => Promise<T> {
  const host = useHost();
  const gate = useContext(GateContext);
  return useCallback(
    async <T,>(call: string, body: unknown, options?: { silent?: boolean; idempotencyKey?: string }) => {
      if (!(await gate.ask(call, body))) throw new CommandCancelled(call);
      return host.call<T>(call, body, options);
    },
    [host, gate],
  );
}

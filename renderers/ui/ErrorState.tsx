import { useEffect, useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { isRefusal } from '../../src/shared/codes';
import { useHost } from '../host';

/** The parts of a failed call an error state reads (the client's `ApiError`). */
interface FailedCall {
  code?: unknown;
  message?: unknown;
}

/** The server's localized message when `error` is a refusal that asking again cannot change. */
function refusalMessage(error: unknown): string | null {
  if (!isRefusal(error)) return null;
  const failed = error as FailedCall;
  return typeof failed.message === 'string' && failed.message ? failed.message : null;
}

/**
 * Which error state shows a refusal. Blocks that load the same call share one request and so one
 * error object; the first of them to render shows the refusal, the others show nothing, so a
 * record screen says once that its record is not there.
 */
const refusalShownBy = new WeakMap<object, string>();

/**
 * A failed load in place of a block. A refusal (a record that is not there or not the user's,
 * a rule) shows the server's message in the user's language and a way back, since trying again
 * would get the same answer; any other failure (no connection, a server fault) shows
 * `messageId` and a retry button when `onRetry` is given.
 */
export function ErrorState({ messageId, onRetry, error }: { messageId: string; onRetry?: () => void; error?: unknown }) {
  const host = useHost();
  const id = useId();
  const refusal = refusalMessage(error);
  const shared = refusal && typeof error === 'object' && error !== null ? error : null;
  if (shared && !refusalShownBy.has(shared)) refusalShownBy.set(shared, id);
  useEffect(
    () => () => {
      if (shared && refusalShownBy.get(shared) === id) refusalShownBy.delete(shared);
    },
    [shared, id],
  );
  if (refusal) {
    if (shared && refusalShownBy.get(shared) !== id) return null;
    return (
      <div className="state-card" role="alert" data-testid="refusal-state">
        <p>{refusal}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => host.back()}>
          <ArrowLeft size={16} /> <FormattedMessage id="common.back" />
        </button>
      </div>
    );
  }
  return (
    <div className="state-card" role="alert">
      <p><FormattedMessage id={messageId} /></p>
      {onRetry && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          <RefreshCw size={16} /> <FormattedMessage id="common.retry" />
        </button>
      )}
    </div>
  );
}

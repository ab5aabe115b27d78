import { FormattedMessage } from 'react-intl';

/** Visible placeholder for a block or widget this client does not know — never a blank. */
export function Fallback({ messageId, values }: { messageId: string; values: Record<string, string> }) {
  return (
    <div className="fallback" role="note" data-testid="fallback">
      <FormattedMessage id={messageId} values={values} />
    </div>
  );
}

/**
 * A copy-to-clipboard button: copies `value`, says so with a toast and a check mark
 * for two seconds. Falls back to a hidden textarea where the Clipboard API is unavailable
 * (plain-HTTP demo servers on a LAN).
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Check, Copy } from 'lucide-react';
import { useHost } from '../host';

async function copyText(value: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(value);
    return;
  }
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Props: the text to copy and the (already localized) name of what it is, for labels. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const intl = useIntl();
  const host = useHost();
  const [done, setDone] = useState(false);
  const onClick = async () => {
    try {
      await copyText(value);
      setDone(true);
      host.toast({ text: intl.formatMessage({ id: 'beneficiary.copied' }, { label }), tone: 'success' });
      setTimeout(() => setDone(false), 2000);
    } catch {
      host.toast({ messageId: 'common.networkError', tone: 'error' });
    }
  };
  return (
    <button type="button" className="copy-button" data-testid={testId} aria-label={intl.formatMessage({ id: 'beneficiary.copy' }, { label })} onClick={() => void onClick()}>
      {done ? <Check size={18} /> : <Copy size={18} />}
    </button>
  );
}

/**
 * Picks one of the user's bound bank accounts (`bank/get`); the value is the account id.
 * With one account it is preselected; with none, a link to bind one first.
 * `ui:options.call` overrides the list call, `ui:options.bindRoute` the bind screen.
 */
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Landmark, Plus } from 'lucide-react';
import type { WidgetProps } from '@rjsf/utils';
import { useCallData } from '../data';
import { useHost } from '../host';
import { Skeleton } from '../ui/Skeleton';

interface Account {
  id: string;
  bankName: string;
  accountNumberMasked: string;
  holderName: string;
}

export function BankAccountWidget(props: WidgetProps) {
  const { id, value, options, onChange, rawErrors, disabled } = props;
  const host = useHost();
  const { data, isLoading } = useCallData<Account[]>({ call: String(options.call ?? 'bank/get') });
  useEffect(() => {
    if (!value && data?.length === 1) onChange(data[0]!.id);
  }, [data, value, onChange]);
  if (isLoading && !data) return <Skeleton rows={1} />;
  if (!data?.length) {
    return (
      <button type="button" id={id} className={`bank-empty${rawErrors?.length ? ' invalid' : ''}`} onClick={() => host.navigate(String(options.bindRoute ?? '/bindBank'))}>
        <Plus size={18} /> <FormattedMessage id="bank.bindFirst" />
      </button>
    );
  }
  return (
    <div id={id} className={`bank-choices${rawErrors?.length ? ' invalid' : ''}`} role="radiogroup">
      {data.map((account) => (
        <button
          key={account.id}
          type="button"
          role="radio"
          aria-checked={value === account.id}
          className={`bank-choice${value === account.id ? ' active' : ''}`}
          disabled={disabled}
          onClick={() => onChange(account.id)}
        >
          <Landmark size={20} aria-hidden="true" />
          <span className="bank-choice-text">
            <strong>{account.bankName}</strong>
            <small>{account.accountNumberMasked} · {account.holderName}</small>
          </span>
          <span className="radio-dot" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/**
 * `kind: "beneficiary"`: where to transfer a deposit — account holder, bank,
 * account number, IFSC and UPI ID, each with a copy button, and the UPI QR code — from
 * `pay/beneficiary` (operator-managed, audited). Loading shows a skeleton; a failure an
 * inline error with retry.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../../types';
import { useBlockData } from '../../data';
import { Skeleton } from '../../ui/Skeleton';
import { ErrorState } from '../../ui/ErrorState';
import { CopyButton } from '../../ui/CopyButton';
import './BeneficiaryBlock.css';
import type { BeneficiaryBlockSpec } from './spec';

interface BeneficiaryData {
  holderName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  upiId: string;
  upiUri: string;
  upiQr: string;
}

const FIELDS = ['holderName', 'bankName', 'accountNumber', 'ifsc', 'upiId'] as const;
const COPYABLE = new Set<string>(['holderName', 'accountNumber', 'ifsc', 'upiId']);

export function BeneficiaryBlock(_props: BlockProps<BeneficiaryBlockSpec>) {
  const intl = useIntl();
  const { data, error, reload } = useBlockData<BeneficiaryData>(undefined, { call: 'pay/beneficiary' });
  if (error) return <ErrorState messageId="beneficiary.unavailable" onRetry={reload} />;
  return (
    <section className="card beneficiary" data-testid="beneficiary" aria-labelledby="beneficiary-title">
      <h2 id="beneficiary-title" className="beneficiary-title">
        <FormattedMessage id="beneficiary.title" />
      </h2>
      <p className="beneficiary-intro">
        <FormattedMessage id="beneficiary.intro" />
      </p>
      {!data ? (
        <Skeleton rows={5} />
      ) : (
        <>
          <dl className="beneficiary-rows">
            {FIELDS.map((field) => {
              const label = intl.formatMessage({ id: `beneficiary.${field}` });
              return (
                <div key={field} className="beneficiary-row" data-testid={`beneficiary-${field}`}>
                  <dt>{label}</dt>
                  {/* The copy button sits inside the dd: a dl's div may hold only dt and dd (axe definition-list). */}
                  <dd>
                    <span className={field === 'accountNumber' || field === 'ifsc' ? 'beneficiary-value mono' : 'beneficiary-value'}>{data[field]}</span>
                    {COPYABLE.has(field) ? <CopyButton value={data[field]} label={label} testId={`copy-${field}`} /> : <span className="copy-spacer" />}
                  </dd>
                </div>
              );
            })}
          </dl>
          <a className="beneficiary-qr" href={data.upiUri} data-testid="beneficiary-qr">
            <img src={data.upiQr} alt={intl.formatMessage({ id: 'beneficiary.qrAlt' }, { upiId: data.upiId })} width={168} height={168} />
            <span>
              <FormattedMessage id="beneficiary.qrHint" />
            </span>
          </a>
        </>
      )}
    </section>
  );
}

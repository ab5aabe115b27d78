import { FormattedMessage } from 'react-intl';
import { Info } from 'lucide-react';
import type { BlockProps } from '../registry';
import type { BlockSpec } from '../types';

interface NoticeSpec extends BlockSpec {
  text: string;
  tone?: 'info' | 'warning';
}

/** An informational note. */
export function NoticeBlock({ spec }: BlockProps<NoticeSpec>) {
  return (
    <p className={`notice notice-${spec.tone ?? 'info'}`}>
      <Info size={16} aria-hidden="true" />
      <span><FormattedMessage id={spec.text} /></span>
    </p>
  );
}

import { FormattedMessage } from 'react-intl';
import { Info } from 'lucide-react';
import type { BlockProps } from '../../types';
import { readPath, useBlockData } from '../../data';
import { useFormat } from '../../formatters';
import type { NoticeBlockSpec } from './spec';

/** An informational note; its values may come from a call. */
export function NoticeBlock({ spec }: BlockProps<NoticeBlockSpec>) {
  const format = useFormat();
  const { data } = useBlockData<Record<string, unknown>>(undefined, spec.load);
  if (spec.load && data === undefined) return null;
  const values = Object.fromEntries(
    Object.entries(spec.values ?? {}).map(([name, binding]) => [name, format.value(readPath(data, binding.field), binding.format)]),
  );
  return (
    <p className={`notice notice-${spec.tone ?? 'info'}`} data-testid="notice">
      <Info size={16} aria-hidden="true" />
      <span><FormattedMessage id={spec.text} values={values} /></span>
    </p>
  );
}

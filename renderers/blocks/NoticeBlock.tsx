import { FormattedMessage, useIntl } from 'react-intl';
import { Info } from 'lucide-react';
import type { BlockProps } from '../registry';
import type { BlockSpec, Binding, LoadSpec } from '../types';
import { useCallData } from '../useCallData';
import { formatValue, readPath } from '../formatters';

interface NoticeSpec extends BlockSpec {
  text: string;
  tone?: 'info' | 'warning';
  /** Loads data for the message's ICU values, e.g. a deposit window's start and end. */
  load?: LoadSpec;
  values?: Record<string, Binding>;
}

/** An informational note; its values may come from a call. */
export function NoticeBlock({ spec }: BlockProps<NoticeSpec>) {
  const intl = useIntl();
  const { data } = useCallData<Record<string, unknown>>(spec.load);
  if (spec.load && data === undefined) return null;
  const values = Object.fromEntries(
    Object.entries(spec.values ?? {}).map(([name, binding]) => [name, formatValue(readPath(data, binding.field), binding.format, intl)]),
  );
  return (
    <p className={`notice notice-${spec.tone ?? 'info'}`} data-testid="notice">
      <Info size={16} aria-hidden="true" />
      <span><FormattedMessage id={spec.text} values={values} /></span>
    </p>
  );
}

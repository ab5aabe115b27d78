import type { WidgetProps } from '@rjsf/utils';
import { Fallback } from '../ui/Fallback';

/** Visible stand-in for a `ui:widget` this client does not have. */
export function UnknownWidget(props: WidgetProps) {
  return <Fallback messageId="widget.unknown" values={{ name: String(props.options.requestedWidget ?? '?') }} />;
}

/** A layout link rendered as a button or a list row target: navigates or runs actions. */
import { FormattedMessage } from 'react-intl';
import { useHost } from '../host';
import { fillRoute, useQueryObject } from '../data';
import { useRunActions } from '../actions';
import { Icon } from '../icons';
import type { LinkSpec } from '../types';

/** Returns the tap handler of a link spec. */
export function useLinkHandler() {
  const host = useHost();
  const run = useRunActions();
  const query = useQueryObject();
  return (link: LinkSpec) => {
    if (link.do) void run(link.do);
    // `{query.symbol}`: a detail screen's link carries its own record on (e.g. to the ticket /buy).
    else if (link.to) host.navigate(link.to.includes('{') ? fillRoute(link.to, { query }) : link.to);
  };
}

/** A full-width button for a link spec (`variant` picks the style). */
export function LinkButton({ link }: { link: LinkSpec }) {
  const onTap = useLinkHandler();
  const variant = link.variant ?? 'primary';
  return (
    <button type="button" className={`btn btn-${variant}${link.tone === 'danger' ? ' btn-danger' : ''}`} onClick={() => onTap(link)}>
      {link.icon && <Icon name={link.icon} size={18} />}
      <FormattedMessage id={link.label} />
    </button>
  );
}

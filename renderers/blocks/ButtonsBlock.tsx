import type { BlockProps } from '../registry';
import type { BlockSpec, LinkSpec } from '../types';
import { LinkButton } from '../ui/LinkButton';

interface ButtonsSpec extends BlockSpec {
  items: LinkSpec[];
}

/** A stack of full-width buttons. */
export function ButtonsBlock({ spec }: BlockProps<ButtonsSpec>) {
  return (
    <div className="button-stack">
      {spec.items.map((item) => <LinkButton key={item.label} link={item} />)}
    </div>
  );
}

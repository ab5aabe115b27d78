import type { BlockProps } from '../../types';
import { LinkButton } from '../../ui/LinkButton';
import type { ButtonsBlockSpec } from './spec';

/** A stack of full-width buttons. */
export function ButtonsBlock({ spec }: BlockProps<ButtonsBlockSpec>) {
  return (
    <div className="button-stack">
      {spec.items.map((item) => <LinkButton key={item.label} link={item} />)}
    </div>
  );
}

/** Buttons have no data and a fixed size: they hold their place while a `when` loads. */
ButtonsBlock.holdsPlace = true;

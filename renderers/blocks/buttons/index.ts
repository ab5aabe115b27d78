/**
 * The `buttons` block kind: ships with the shell. It is tiny (its `LinkButton` is in the first
 * load anyway); loaded lazily it would appear a moment after the blocks around it and push the
 * chart of /marketDetails down (a layout shift). Catalogue fragment: `spec.schema.json`.
 */
import schema from './spec.schema.json';
import { ButtonsBlock } from './ButtonsBlock';
import type { BlockModule } from '../../types';

export const kind = 'buttons';
export { schema };
export const component = ButtonsBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: ButtonsBlock });
/** Nothing its first render loads is prefetched with the entry screen: see `BlockModule.data`. */
export const data = undefined;

/** The `menu` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { MenuBlock } from './MenuBlock';
import type { BlockModule } from '../../types';

export const kind = 'menu';
export { schema };
export const component = MenuBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: MenuBlock });
/** Nothing its first render loads is prefetched with the entry screen: see `BlockModule.data`. */
export const data = undefined;

/** The `list` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { ListBlock } from './ListBlock';
import type { BlockModule } from '../../types';

export const kind = 'list';
export { schema };
export const component = ListBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: ListBlock });

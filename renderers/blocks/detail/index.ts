/** The `detail` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { DetailBlock } from './DetailBlock';
import type { BlockModule } from '../../types';

export const kind = 'detail';
export { schema };
export const component = DetailBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: DetailBlock });

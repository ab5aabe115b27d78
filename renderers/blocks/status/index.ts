/** The `status` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { StatusBlock } from './StatusBlock';
import type { BlockModule } from '../../types';

export const kind = 'status';
export { schema };
export const component = StatusBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: StatusBlock });

/** The `unavailable` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { UnavailableBlock } from './UnavailableBlock';
import type { BlockModule } from '../../types';

export const kind = 'unavailable';
export { schema };
export const component = UnavailableBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: UnavailableBlock });

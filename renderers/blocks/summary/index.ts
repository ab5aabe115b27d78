/** The `summary` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { SummaryBlock } from './SummaryBlock';
import type { BlockModule } from '../../types';

export const kind = 'summary';
export { schema };
export const component = SummaryBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: SummaryBlock });

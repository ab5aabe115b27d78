/** The `features` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { FeaturesBlock } from './FeaturesBlock';
import type { BlockModule } from '../../types';

export const kind = 'features';
export { schema };
export const component = FeaturesBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: FeaturesBlock });

/** The `hero` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { HeroBlock } from './HeroBlock';
import type { BlockModule } from '../../types';

export const kind = 'hero';
export { schema };
export const component = HeroBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: HeroBlock });

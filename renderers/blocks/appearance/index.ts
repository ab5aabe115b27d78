/** The `appearance` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { AppearanceBlock } from './AppearanceBlock';
import type { BlockModule } from '../../types';

export const kind = 'appearance';
export { schema };
export const component = AppearanceBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: AppearanceBlock });

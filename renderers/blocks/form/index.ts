/** The `form` block kind: its own lazy chunk (rjsf is the largest dependency). Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import type { BlockModule } from '../../types';

export const kind = 'form';
export { schema };
export const load: BlockModule['load'] = () => import('./FormBlock');

/** The `chart` block kind: its own lazy chunk (it carries lightweight-charts). Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import type { BlockModule } from '../../types';

export const kind = 'chart';
export { schema };
export const load: BlockModule['load'] = () => import('./ChartBlock');
/** Not shipped with the shell: see `load`. */
export const component = undefined;

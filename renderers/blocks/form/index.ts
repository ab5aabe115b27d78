/** The `form` block kind: its own lazy chunk (rjsf is the largest dependency). Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import type { BlockModule } from '../../types';
import { loadWidgets } from '../../widgets/deferred';

export const kind = 'form';
export { schema };
/** The form chunk and the widgets together, so no field waits after the form appears. */
export const load: BlockModule['load'] = () => Promise.all([import('./FormBlock'), loadWidgets()]).then(([module]) => module);
/** Not shipped with the shell: see `load`. */
export const component = undefined;
/** Nothing its first render loads is prefetched with the entry screen: see `BlockModule.data`. */
export const data = undefined;

/** The `status` block kind: in the lazy content chunk (`../content.ts`), off /home's first load. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromContentChunk } from '../contentChunk';

export const kind = 'status';
export { schema };
export const load = fromContentChunk('StatusBlock');
export const component = undefined;
/** Its first render loads `load` (prefetched with the entry screen). */
export { ownLoad as data } from '../../data/prefetch';

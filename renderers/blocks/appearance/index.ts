/** The `appearance` block kind: in the lazy content chunk (`../content.ts`), off /home's first load. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromContentChunk } from '../contentChunk';

export const kind = 'appearance';
export { schema };
export const load = fromContentChunk('AppearanceBlock');
export const component = undefined;
/** Nothing its first render loads is prefetched with the entry screen: see `BlockModule.data`. */
export const data = undefined;

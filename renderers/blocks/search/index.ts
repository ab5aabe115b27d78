/** The `search` block kind: part of the lazy market chunk. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromMarketChunk } from '../marketChunk';

export const kind = 'search';
export { schema };
export const load = fromMarketChunk('SearchBlock');
/** Not shipped with the shell: see `load`. */
export const component = undefined;
/** Nothing its first render loads is prefetched with the entry screen: see `BlockModule.data`. */
export const data = undefined;

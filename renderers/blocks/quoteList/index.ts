/** The `quoteList` block kind: part of the lazy market chunk. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromMarketChunk } from '../marketChunk';

export const kind = 'quoteList';
export { schema };
export const load = fromMarketChunk('QuoteListBlock');
/** Not shipped with the shell: see `load`. */
export const component = undefined;
/** Its first render loads `load` (prefetched with the entry screen). */
export { ownLoad as data } from '../../data/prefetch';

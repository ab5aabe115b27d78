/** The `list` block kind: in the lazy content chunk (`../content.ts`), off /home's first load. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromContentChunk } from '../contentChunk';
import type { BlockData } from '../../data/prefetch';
import type { ListBlockSpec } from './spec';

export const kind = 'list';
export { schema };
export const load = fromContentChunk('ListBlock');
export const component = undefined;
/**
 * Its first render loads `load` with no filter set (prefetched with the entry screen,
 * so /bindBank's accounts arrive beside the code instead of after the first render). A paged
 * list loads page by page under its own keys: left to itself.
 */
export const data: BlockData = (spec: ListBlockSpec) => (spec.paged ? [] : [spec.load]);

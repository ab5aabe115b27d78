/** The `summary` block kind: in the lazy content chunk (`../content.ts`), off /home's first load. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromContentChunk } from '../contentChunk';
import type { BlockModule } from '../../types';
import type { SummaryBlockSpec } from './spec';

export const kind = 'summary';
export { schema };
export const load = fromContentChunk('SummaryBlock');
export const component = undefined;
/** Its first render loads the identity and the figure (prefetched with the entry screen). */
export const data: NonNullable<BlockModule['data']> = (spec: SummaryBlockSpec) => [spec.identity, spec.figure];

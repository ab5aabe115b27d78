/** The `buttons` block kind: in the lazy content chunk (`../content.ts`), off /home's first load. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromContentChunk } from '../contentChunk';

export const kind = 'buttons';
export { schema };
export const load = fromContentChunk('ButtonsBlock');
export const component = undefined;

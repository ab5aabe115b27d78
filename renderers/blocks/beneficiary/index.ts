/** The `beneficiary` block kind: in the lazy content chunk (`../content.ts`), off /home's first load. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { fromContentChunk } from '../contentChunk';

export const kind = 'beneficiary';
export { schema };
export const load = fromContentChunk('BeneficiaryBlock');
export const component = undefined;
/** Its first render loads the house's beneficiary account (prefetched with the entry screen). */
export const data = () => [{ call: 'pay/beneficiary' }];

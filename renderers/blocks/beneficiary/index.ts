/** The `beneficiary` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { BeneficiaryBlock } from './BeneficiaryBlock';
import type { BlockModule } from '../../types';

export const kind = 'beneficiary';
export { schema };
export const component = BeneficiaryBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: BeneficiaryBlock });

/** The `language` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { LanguageBlock } from './LanguageBlock';
import type { BlockModule } from '../../types';

export const kind = 'language';
export { schema };
export const component = LanguageBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: LanguageBlock });

/** The `buttons` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { ButtonsBlock } from './ButtonsBlock';
import type { BlockModule } from '../../types';

export const kind = 'buttons';
export { schema };
export const component = ButtonsBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: ButtonsBlock });

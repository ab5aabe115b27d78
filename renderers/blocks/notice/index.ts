/** The `notice` block kind: ships with the shell. Catalogue fragment: `spec.schema.json`. */
import schema from './spec.schema.json';
import { NoticeBlock } from './NoticeBlock';
import type { BlockModule } from '../../types';

export const kind = 'notice';
export { schema };
export const component = NoticeBlock;
export const load: BlockModule['load'] = () => Promise.resolve({ default: NoticeBlock });

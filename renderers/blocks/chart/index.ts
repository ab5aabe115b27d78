/**
 * The `chart` block kind. Its frame (`ChartFrame`, a placeholder of the chart's size) ships with
 * the shell — a few hundred bytes — so the space is held from the first render; the chart itself
 * is its own lazy chunk (data, controls and the SVG first view, ≈ 2.5 KB gzip); lightweight-charts
 * is a further chunk (`InteractiveChart`) loaded only when the investor reaches for the chart. Catalogue fragment: `spec.schema.json`.
 */
import schema from './spec.schema.json';
import { ChartFrame } from './ChartFrame';
import type { BlockModule } from '../../types';

export const kind = 'chart';
export { schema };
export const component = ChartFrame;
export const load: BlockModule['load'] = () => Promise.resolve({ default: ChartFrame });
/** Nothing its first render loads is prefetched with the entry screen: see `BlockModule.data`. */
export const data = undefined;

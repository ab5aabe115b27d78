/**
 * The market and content block kinds ship as one lazy chunk (`./market.ts`, see
 * `chunk.ts`): screens without them (landing, forms) never load it.
 */
import { blockChunk } from './chunk';

/** `load` of a market kind whose component is the chunk's export `name`. */
export const fromMarketChunk = blockChunk(() => import('./market'));

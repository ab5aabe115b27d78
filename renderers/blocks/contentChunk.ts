/**
 * The block kinds the entry route (/home) does not show (landing, account, lists, details) ship
 * as one lazy chunk (`./content.ts`, see `chunk.ts`), off the first load (scripts/build/budgets.ts).
 */
import { blockChunk } from './chunk';

/** `load` of a content kind whose component is the chunk's export `name`. */
export const fromContentChunk = blockChunk(() => import('./content'));

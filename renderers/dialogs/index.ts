/**
 * Dialogs a layout action may open by name (`{"dialog": "tradeResult"}`; `definitions/dialogName`
 * of the catalogue, fragment `dialogs.schema.json` beside this file); the app shell renders the
 * open one with the data the action passed.
 */
import type { ComponentType } from 'react';
import { lazyWithTimeout } from '../lazy';
import type { DialogProps } from '../registry-context';

export type { DialogProps };

export const DIALOGS: Record<string, ComponentType<DialogProps>> = {
  tradeResult: lazyWithTimeout(() => import('./TradeResultDialog').then((m) => ({ default: m.TradeResultDialog }))),
};

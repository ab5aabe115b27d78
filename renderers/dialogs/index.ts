/**
 * Dialogs a layout action may open by name (`{"dialog": "tradeResult"}`); the app shell renders
 * the open one with the data the action passed.
 */
import type { ComponentType } from 'react';
import { lazyWithTimeout } from '../lazy';

export interface DialogProps {
  data: unknown;
  onClose: () => void;
}

export const DIALOGS: Record<string, ComponentType<DialogProps>> = {
  tradeResult: lazyWithTimeout(() => import('./TradeResultDialog').then((m) => ({ default: m.TradeResultDialog }))),
};

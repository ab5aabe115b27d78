/** Journal entry kinds of offering buys (one entry per trade, reference = trade id) and gather holds. */
export const OFFERING_ENTRY_KINDS = {
  blockBought: 'block_bought',
  gatherFilled: 'gather_filled',
  basketBought: 'basket_bought',
  gatherHeld: 'gather_held',
  gatherReleased: 'gather_released',
} as const;

/**
 * Business kinds of journal entries and of posting legs (docs/product.md,
 * Money). An entry's kind names the operation; a posting's kind names the leg as
 * the bill flow shows it.
 */

/** Kinds of journal entries; at most one entry of a kind per reference (unique index). */
export const ENTRY_KINDS = {
  depositApproved: 'deposit_approved',
  withdrawalRequested: 'withdrawal_requested',
  withdrawalPaid: 'withdrawal_paid',
  withdrawalRejected: 'withdrawal_rejected',
  contractPlaced: 'contract_placed',
  contractSettled: 'contract_settled',
  stockBought: 'stock_bought',
  stockSold: 'stock_sold',
  // IPOs
  ipoApplied: 'ipo_applied',
  ipoAllotted: 'ipo_allotted',
  ipoRefunded: 'ipo_refunded',
} as const;
export type EntryKind = (typeof ENTRY_KINDS)[keyof typeof ENTRY_KINDS];

/** Kinds of postings on users' accounts — the bill flow's `kind` filter. */
export const BILL_KINDS = [
  'deposit', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_fee', 'withdrawal_release',
  // Trading
  'contract_stake', 'contract_payout', 'contract_profit', 'contract_loss', 'contract_void', 'stock_buy', 'stock_sell', 'stock_commission',
  'stock_stt', 'stock_exchange_charge', 'stock_sebi_fee', 'stock_stamp_duty', 'stock_gst',
  // IPOs
  'ipo_hold', 'ipo_allotment', 'ipo_refund',
  // Gather plans
  'gather_hold', 'gather_release',
  // Resting orders
  'order_hold', 'order_release',
] as const;
export type BillKind = (typeof BILL_KINDS)[number];

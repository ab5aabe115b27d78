/**
 * The ledger: the one writer of money. Money moves only through `postEntries` (and `postEntry`,
 * one entry) and the hold functions built on them, inside `moneyTransaction`.
 */
export * from './accounts.js';
export * from './balances.js';
export * from './holds.js';
export * from './journal.js';
export * from './kinds.js';
export * from './transaction.js';
export * from './group-commit.js';

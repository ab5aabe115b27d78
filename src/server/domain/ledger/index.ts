/**
 * The ledger (docs/product.md, Money). Money moves only through
 * `postEntry` and the hold functions, inside `moneyTransaction`.
 */
export * from './accounts.js';
export * from './balances.js';
export * from './holds.js';
export * from './journal.js';
export * from './kinds.js';
export * from './transaction.js';
export * from './group-commit.js';

/**
 * Holdings: positions, the locks on block-bought shares, share buys and sales. The only module
 * that writes `positions` and `trades` rows; trading, ETFs, IPO listing and the offerings call it.
 */
export * from './locks.js';
export * from './positions.js';
export * from './share-buys.js';
export * from './share-sales.js';

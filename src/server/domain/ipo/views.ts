/**
 * The IPO views: a stored issue as investors and operators see it. Prices and money
 * in currency units, times ISO 8601 (UTC), `subscribedTimes` = shares applied ÷ shares offered.
 */
import { fromMinor } from '../../../shared/money.js';
import { ipoStatus, type IpoStatus } from '../../../shared/ipo.js';
import type { IposTable } from '../../db/ipo-tables.js';
import type { AdminIpoSave } from '../../../shared/generated/index.js';

/**
 * One issue in `ipo/list` and `admin/ipo/list`: the fields of `admin/ipo/save` (the generated
 * `AdminIpoSave`, so the field list lives in one schema) with the id and description always
 * present, plus what is derived from the clock and the book.
 */
export interface IpoView extends Required<Omit<AdminIpoSave, 'description'>> {
  description: string | null;
  /** Lower and upper end of the price band per share, INR units (equal for a fixed price; `price` is the upper end). */
  priceMin: number;
  priceMax: number;
  /** The price the allotment ran at, INR units; null before allotment. */
  discoveredPrice: number | null;
  /** Percent of the offer reserved for retail bids. */
  retailPercent: number;
  /** Quote currency of `price` and `lotAmount` (INR). */
  currency: 'INR';
  status: IpoStatus;
  /** Shares applied for ÷ shares offered (2 decimals, rounded down). */
  subscribedTimes: number;
  /** Price of one lot at the band's upper end, INR units. */
  lotAmount: number;
  /** Milliseconds until the issue closes while it is open, else 0 (the countdown). */
  closesInMs: number;
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** Builds the view of one issue at `now` with the shares applied for so far. */
export function ipoView(row: IposTable, appliedShares: number, now: number): IpoView {
  const status = ipoStatus(
    { opensAt: Number(row.opens_at), closesAt: Number(row.closes_at), allottedAt: row.allotted_at === null ? null : Number(row.allotted_at), listedAt: row.listed_at === null ? null : Number(row.listed_at), cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at) },
    now,
  );
  const total = Number(row.total_shares);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    description: row.description,
    price: fromMinor(Number(row.price_minor)),
    priceMin: fromMinor(Number(row.price_min_minor)),
    priceMax: fromMinor(Number(row.price_minor)),
    discoveredPrice: row.discovered_price_minor === null ? null : fromMinor(Number(row.discovered_price_minor)),
    retailPercent: Number(row.retail_percent),
    lotSize: Number(row.lot_size),
    minLots: Number(row.min_lots),
    maxLots: Number(row.max_lots),
    totalShares: total,
    opensAt: iso(row.opens_at),
    closesAt: iso(row.closes_at),
    allotmentAt: iso(row.allotment_at),
    listingAt: iso(row.listing_at),
    currency: 'INR',
    status,
    subscribedTimes: Math.floor((appliedShares * 100) / total) / 100,
    lotAmount: fromMinor(Number(row.price_minor) * Number(row.lot_size)),
    closesInMs: status === 'open' ? Math.max(0, Number(row.closes_at) - now) : 0,
  };
}

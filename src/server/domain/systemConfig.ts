/**
 * `config/getSystemConfig` (docs/product.md, Calls): the public configuration the client
 * shows — currency, deposit and withdrawal windows (India time), withdrawal fee, minimums,
 * feature switches, company information and the market's price source and session.
 * Read-only: money rules come from the server configuration, never from this call.
 */
import type { Locale } from '../../shared/lang.js';
import { fromMinor } from '../../shared/money.js';
import type { Market } from '../market/index.js';
import { getCompany } from './company.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { INDIA_TIME_ZONE } from '../../shared/india-time.js';
import { publicTradingTerms } from './trading/terms.js';

/**
 * Features this server has built (true) and those it has not (false). `FEATURES` may switch a
 * built feature off, never an unbuilt one on: the flags tell the truth.
 */
export const DEFAULT_FEATURES: Record<string, boolean> = {
  markets: true,
  news: true,
  favourites: true,
  trading: true,
  updown: true,
  stocks: true,
  ipo: true,
  etf: true,
  blockTrading: true,
  aiBlockTrading: true,
  gather: true,
  // The editors' studio at /studio.
  studio: true,
};

/**
 * The feature flags of the running server: built features on unless `FEATURES` switches them
 * off; up/down follows `TRADING_UPDOWN`; `trading` is on while any trading product is on.
 */
export function runningFeatures(deps: Deps): Record<string, boolean> {
  const requested = deps.config.market.features;
  const flags: Record<string, boolean> = {};
  for (const [name, built] of Object.entries(DEFAULT_FEATURES)) flags[name] = built && requested[name] !== false;
  flags.updown = flags.updown! && deps.config.trading.updownEnabled;
  flags.trading = requested.trading !== false && (flags.updown || flags.stocks!);
  return flags;
}

/** Every key `config/getSystemConfig` knows. */
export const CONFIG_KEYS = ['currency', 'depositWindow', 'withdrawalWindow', 'withdrawalFeeRatio', 'withdrawalMaxHours', 'minimums', 'features', 'company', 'market', 'trading'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/**
 * The requested keys (all when none are named).
 * @throws AppError `unknownConfigKey` naming the first unknown key.
 */
export async function getSystemConfig(deps: Deps, market: Market, locale: Locale, keys?: string[]): Promise<Partial<Record<ConfigKey, unknown>>> {
  const wanted = keys?.length ? keys : [...CONFIG_KEYS];
  const unknown = wanted.find((key) => !(CONFIG_KEYS as readonly string[]).includes(key));
  if (unknown) throw new AppError('unknownConfigKey', { key: unknown.slice(0, 40) });
  const money = deps.config.money;
  const timeZone = INDIA_TIME_ZONE;
  const result: Partial<Record<ConfigKey, unknown>> = {};
  for (const key of wanted as ConfigKey[]) {
    switch (key) {
      case 'currency':
        result.currency = { code: 'EUR', locale: 'de-DE', decimals: 2 };
        break;
      case 'depositWindow':
        result.depositWindow = { ...money.depositWindow, timeZone };
        break;
      case 'withdrawalWindow':
        result.withdrawalWindow = { ...money.withdrawalWindow, timeZone };
        break;
      case 'withdrawalFeeRatio':
        result.withdrawalFeeRatio = money.withdrawalFeeBasisPoints / 10_000;
        break;
      case 'withdrawalMaxHours':
        result.withdrawalMaxHours = 48;
        break;
      case 'minimums':
        result.minimums = { institutionDeposit: fromMinor(money.institutionMinimumMinor), withdrawal: fromMinor(money.withdrawalMinimumMinor) };
        break;
      case 'features':
        result.features = runningFeatures(deps);
        break;
      case 'company':
        result.company = await getCompany(deps, locale);
        break;
      case 'trading':
        // Up/down switch, stake bounds, durations with rates, commission.
        result.trading = publicTradingTerms(deps);
        break;
      case 'market': {
        const { info } = market.feed.provider;
        result.market = { provider: info.id, real: info.real, followsCalendar: info.followsCalendar, session: { open: '09:15', close: '15:30', timeZone, weekdaysOnly: true } };
        break;
      }
    }
  }
  return result;
}

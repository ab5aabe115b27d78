/**
 * Market-data settings, read from the environment by `loadConfig`:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `MARKET_PROVIDER` | `simulated` | `simulated`, `replay`, or `module:/path/adapter.js` (vendor slot, `providers/vendor.ts`) |
 * | `MARKET_FEED` | `on` | `off`: no background ticking (reads still catch up to the clock) |
 * | `MARKET_SEED` | `nivesh` | seed of the simulated paths (equal seeds, equal prices) |
 * | `MARKET_HOURS` | `always` in demo mode, `session` in production | simulated ticks around the clock or only in NSE sessions |
 * | `MARKET_HOLIDAYS` | – | extra NSE holidays, comma-separated `YYYY-MM-DD` |
 * | `MARKET_REPLAY_DIR` | `../shared/data/nse` | folder of CSV bars for `replay` |
 * | `MARKET_REPLAY_SPEED` | `60` | session seconds played per wall second |
 * | `MARKET_REPLAY_START` | first intraday day | first recorded day to play |
 * | `MARKET_REPLAY_ANCHOR` | `2026-01-01T00:00:00Z` | wall time at which the replay is at its start |
 * | `MARKET_VENDOR_OPTIONS` | `{}` | JSON passed to a vendor adapter |
 * | `FX_EURINR_REFERENCE` | `104.20` | starting EUR/INR rate (rupees per euro) of the simulated rate |
 * | `FEATURES` | – | feature switches for `config/getSystemConfig`, e.g. `ipo=on,etf=off` |
 */
import path from 'node:path';

/** The market section of the server configuration. */
export interface MarketConfig {
  provider: string;
  /** Start the once-per-second ticker with the server (never with an injected test clock). */
  autoStart: boolean;
  seed: string;
  hours: 'always' | 'session';
  holidays: string[];
  replay: { dir: string; speed: number; startDay: string | null; anchorMs: number };
  vendorOptions: Record<string, unknown>;
  /** Feature switches published by `config/getSystemConfig` (name → on). */
  features: Record<string, boolean>;
  /** Starting EUR/INR rate in paise per euro (`FX_EURINR_REFERENCE` in rupees, default 104.20). */
  fxReferenceMinor: number;
}

function parseJson(text: string | undefined): Record<string, unknown> {
  try {
    const value = text ? (JSON.parse(text) as unknown) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads the market settings. */
export function loadMarketConfig(env: NodeJS.ProcessEnv, mode: 'demo' | 'production', rootDir: string): MarketConfig {
  const speed = Number(env.MARKET_REPLAY_SPEED);
  const anchor = Date.parse(env.MARKET_REPLAY_ANCHOR ?? '');
  const features: Record<string, boolean> = {};
  for (const part of (env.FEATURES ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, value] = part.split('=');
    if (name) features[name.trim()] = !/^(0|false|no|off)$/i.test((value ?? 'on').trim());
  }
  return {
    provider: env.MARKET_PROVIDER || 'simulated',
    autoStart: !/^(0|false|no|off)$/i.test(env.MARKET_FEED ?? 'on'),
    seed: env.MARKET_SEED || 'nivesh',
    hours: env.MARKET_HOURS === 'always' || env.MARKET_HOURS === 'session' ? env.MARKET_HOURS : mode === 'demo' ? 'always' : 'session',
    holidays: (env.MARKET_HOLIDAYS ?? '').split(',').map((d) => d.trim()).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)),
    replay: {
      dir: path.resolve(env.MARKET_REPLAY_DIR ?? path.join(rootDir, '../shared/data/nse')),
      speed: Number.isFinite(speed) && speed > 0 ? speed : 60,
      startDay: /^\d{4}-\d{2}-\d{2}$/.test(env.MARKET_REPLAY_START ?? '') ? env.MARKET_REPLAY_START! : null,
      anchorMs: Number.isFinite(anchor) ? anchor : Date.UTC(2026, 0, 1),
    },
    vendorOptions: parseJson(env.MARKET_VENDOR_OPTIONS),
    features,
    fxReferenceMinor: fxReference(env.FX_EURINR_REFERENCE),
  };
}

/** `FX_EURINR_REFERENCE` in rupees (e.g. `104.2`) as paise; 104.20 when unset or not positive. */
function fxReference(text: string | undefined): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 && value < 100_000 ? Math.round(value * 100) : 10_420;
}

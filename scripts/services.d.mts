/** See services.mjs: whether PostgreSQL at `url` answers `select 1` within `timeoutMs` (ms, default 3000) per step. */
export function postgresReachable(url: string, timeoutMs?: number): Promise<boolean>;
/** See services.mjs: whether Redis at `url` answers PING within `timeoutMs` (ms, default 3000) per step. */
export function redisReachable(url: string, timeoutMs?: number): Promise<boolean>;

/**
 * The `/api` client: POSTs JSON with the token and the `lang` query, unwraps the
 * `{code, message, data}` envelope, shows non-200 messages as a toast and runs the 501 flow.
 */
import { NOT_LOGGED_IN_CODE, OK_CODE, type Envelope } from '../shared/codes';
import { toQueryLang } from '../shared/lang';
import { getLanguage, getToken } from './storage';
import { handleNotLoggedIn } from './unauthorized';
import { showToast } from './toast-bus';

/** A non-200 envelope (or a network failure, code 0). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Options for one call. */
export interface CallOptions {
  /** Do not toast the error (the caller shows it in place). */
  silent?: boolean;
  method?: 'POST' | 'GET';
  signal?: AbortSignal;
}

/**
 * Calls `/api/<name>`.
 * @returns the envelope's `data`.
 * @throws ApiError for any non-200 code; code 0 means the network failed.
 */
export async function callApi<T = unknown>(name: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  let envelope: Envelope<T>;
  try {
    const response = await fetch(`/api/${name}?lang=${toQueryLang(getLanguage())}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    });
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const failure = new ApiError(0, '');
    if (!options.silent) showToast({ messageId: 'common.networkError', tone: 'error' });
    throw failure;
  }
  if (envelope.code === OK_CODE) return envelope.data;
  if (envelope.code === NOT_LOGGED_IN_CODE) {
    handleNotLoggedIn();
  } else if (!options.silent) {
    showToast({ text: envelope.message, tone: 'error' });
  }
  throw new ApiError(envelope.code, envelope.message, envelope.data);
}

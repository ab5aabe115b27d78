/**
 * The `/api` client: POSTs JSON with the token and the `lang` query; the envelope is
 * unwrapped by `unwrapEnvelope` (toasts non-200 messages, runs the 501 flow).
 */
import type { Envelope } from '../shared/codes';
import { toQueryLang } from '../shared/lang';
import { INTENT_HEADER, LOAD_INTENT } from '../shared/calls';
import { getLanguage, getToken } from './storage';
import { showToast } from './toast-bus';
import { ApiError, unwrapEnvelope } from './envelope';

export { ApiError };

/** Options for one call. */
export interface CallOptions {
  /** Do not toast the error (the caller shows it in place). */
  silent?: boolean;
  method?: 'POST' | 'GET';
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry with the same key and body moves money once. */
  idempotencyKey?: string;
  /**
   * `load` for a request that runs without a tap (a screen's load, prefetch, poll, reload):
   * sent as `X-Nivesh-Intent: load`, so the server refuses it when it names a command (1810).
   */
  intent?: typeof LOAD_INTENT;
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
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.intent === LOAD_INTENT) headers[INTENT_HEADER] = LOAD_INTENT;
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
  return unwrapEnvelope(envelope, { silent: options.silent });
}

/**
 * Uploads a file as multipart (`file` part) with progress. XMLHttpRequest because fetch has
 * no upload progress events.
 * @throws ApiError like {@link callApi}; code 0 when the network failed.
 */
export function uploadFile<T = unknown>(name: string, file: Blob, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${name}?lang=${toQueryLang(getLanguage())}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => {
      showToast({ messageId: 'common.networkError', tone: 'error' });
      reject(new ApiError(0, ''));
    };
    xhr.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        reject(new ApiError(0, ''));
        return;
      }
      try {
        resolve(unwrapEnvelope(envelope));
      } catch (error) {
        reject(error);
      }
    };
    const form = new FormData();
    form.append('file', file, 'photo.jpg');
    xhr.send(form);
  });
}

/** Fetches a private file with the session (an `<img src>` cannot send the token). */
export async function fetchPrivateFile(url: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, response.statusText);
  return response.blob();
}

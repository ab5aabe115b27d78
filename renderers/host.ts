/**
 * What the renderer needs from the app it runs in. The app shell implements it; the renderer
 * never imports the app, so screens stay data and the renderer stays generic.
 */
import { createContext, useContext } from 'react';
import type { ScreenPayload } from './types';

/** A toast to show. */
export interface HostToast {
  text?: string;
  messageId?: string;
  values?: Record<string, string | number>;
  tone?: 'info' | 'success' | 'error';
}

/** Options of {@link RendererHost.call}. */
export interface CallIntentOptions {
  /** Do not toast a failure (the caller shows it in place). */
  silent?: boolean;
  /** Sent as `Idempotency-Key`. */
  idempotencyKey?: string;
  /**
   * `load`: the request runs without a tap (a block's load, prefetch, poll, reload, SWR
   * revalidation). The host marks it `X-Nivesh-Intent: load`; the server refuses commands so marked.
   */
  intent?: 'load';
}

/** Services the host app provides to every block and widget. */
export interface RendererHost {
  /**
   * Calls `/api/<name>` and resolves to the envelope's `data`.
   * @throws an error with `code` (non-200) and `data`; the host has already toasted it unless `silent`.
   */
  call<T = unknown>(name: string, body?: unknown, options?: CallIntentOptions): Promise<T>;
  /** Loads a screen payload (ETag-revalidated by the browser). */
  fetchScreen(id: string): Promise<ScreenPayload>;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Goes one step back, or to `fallback` when there is no history. */
  back(fallback?: string): void;
  toast(toast: HostToast): void;
  saveSession(token: string, userinfo: unknown): void;
  logout(): Promise<void>;
  setLanguage(code: 'DE' | 'EN' | 'HI' | 'ZH'): void;
  /** The stored language code. */
  language(): 'DE' | 'EN' | 'HI' | 'ZH';
  openPopup(name: 'language'): void;
  /**
   * Uploads one file as multipart to `/api/<name>` with the session, reporting progress.
   * @param onProgress fraction 0…1 of bytes sent.
   * @returns the envelope's `data`.
   */
  upload<T = unknown>(name: string, file: Blob, onProgress: (fraction: number) => void): Promise<T>;
  /** Fetches a private file (e.g. an uploaded photo) with the session. */
  fetchFile(url: string): Promise<Blob>;
  /** Opens a registered dialog (e.g. `tradeResult`) with data, usually a call's response. */
  openDialog(name: string, data: unknown): void;
}

export const HostContext = createContext<RendererHost | null>(null);

/** The host; throws when a renderer is used outside one. */
export function useHost(): RendererHost {
  const host = useContext(HostContext);
  if (!host) throw new Error('renderer used outside a HostContext');
  return host;
}

/**
 * The app's implementation of the renderer host: API calls, screen loading, navigation with
 * the back rules of docs/product.md, Routes, toasts, session and language.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RendererHost } from '../../renderers/host';
import type { ScreenPayload } from '../../renderers/types';
import { callApi, fetchPrivateFile, uploadFile } from './api';
import { ApiError, unwrapEnvelope } from './envelope';
import { clearSession, getLanguage, saveSession, setLanguage } from './storage';
import { showToast } from './toast-bus';
import { toQueryLang } from '../shared/lang';
import type { Envelope } from '../shared/codes';

/**
 * Loads a screen; the browser revalidates it with its ETag (the answer is `no-cache`). The
 * default cache mode lets the request use the shell's `<link rel="preload">`.
 */
export async function fetchScreen(id: string): Promise<ScreenPayload> {
  let response: Response;
  try {
    response = await fetch(`/api/ui/screens/${encodeURIComponent(id)}?lang=${toQueryLang(getLanguage())}`);
  } catch {
    throw new ApiError(0, 'network');
  }
  // A screen needs no session and its failure is shown in place: no toast, no 501 flow.
  return unwrapEnvelope((await response.json()) as Envelope<ScreenPayload>, { silent: true, session: false });
}

/** Builds the host for the current router. */
export function useAppHost(openPopup: (name: 'language') => void, openDialog: (name: string, data: unknown) => void): RendererHost {
  const navigate = useNavigate();
  return useMemo<RendererHost>(
    () => ({
      call: (name, body, options) => callApi(name, body, options),
      fetchScreen,
      navigate: (to, options) => {
        try {
          void navigate(to, { replace: options?.replace });
        } catch {
          /* a failed navigation is ignored (docs/product.md, Routes) */
        }
      },
      back: (fallback) => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) void navigate(-1);
        else void navigate(fallback ?? '/home', { replace: true });
      },
      toast: (toast) => showToast(toast),
      saveSession: (token, userinfo) => saveSession(token, userinfo),
      logout: async () => {
        await callApi('user/logout', {}, { silent: true }).catch(() => undefined);
        clearSession();
        // A full load drops every cached screen and call of the previous session.
        window.location.replace('/login');
      },
      setLanguage: (code) => {
        setLanguage(code);
        window.location.reload();
      },
      language: getLanguage,
      openPopup,
      openDialog,
      upload: (name, file, onProgress) => uploadFile(name, file, onProgress),
      fetchFile: (url) => fetchPrivateFile(url),
    }),
    [navigate, openPopup, openDialog],
  );
}

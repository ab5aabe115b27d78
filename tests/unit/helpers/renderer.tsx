/**
 * Renders renderer parts the way the app does — IntlProvider (German, the default), the host,
 * the registry — in jsdom with Testing Library, against a host whose calls a test answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { render } from '@testing-library/react';
import { HostContext, type RendererHost } from '../../../renderers/host';
import { RendererProvider } from '../../../renderers/RendererProvider';
import { REGISTRY } from '../../../renderers/registry';
import type { RendererRegistry } from '../../../renderers/registry-context';

const root = path.resolve(__dirname, '../../..');
export const de = JSON.parse(fs.readFileSync(path.join(root, 'locales/de.json'), 'utf8')) as Record<string, string>;

/** One recorded call: name, body and options. */
export interface RecordedCall {
  name: string;
  body: unknown;
  options?: { silent?: boolean; idempotencyKey?: string };
}

/** Answers a call: a value, or a thrown error (like the host's ApiError). */
export type CallAnswer = (body: unknown, options?: RecordedCall['options']) => unknown;

/** A host that answers calls from `answers` and records everything the renderer asked. */
export function fakeHost(answers: Record<string, CallAnswer>) {
  const calls: RecordedCall[] = [];
  const log: string[] = [];
  const host: RendererHost = {
    call: async <T,>(name: string, body?: unknown, options?: RecordedCall['options']) => {
      calls.push({ name, body, options });
      const answer = answers[name];
      if (!answer) throw Object.assign(new Error(`unexpected call ${name}`), { code: 0 });
      return (await answer(body, options)) as T;
    },
    fetchScreen: async () => {
      throw new Error('not used');
    },
    navigate: (to, options) => void log.push(`navigate ${to}${options?.replace ? ' (replace)' : ''}`),
    back: () => void log.push('back'),
    toast: (toast) => void log.push(`toast ${toast.messageId ?? toast.text}`),
    saveSession: (token) => void log.push(`session ${token}`),
    logout: async () => void log.push('logout'),
    setLanguage: (code) => void log.push(`language ${code}`),
    language: () => 'DE',
    openPopup: (name) => void log.push(`popup ${name}`),
    openDialog: (name) => void log.push(`dialog ${name}`),
    upload: async () => {
      throw new Error('not used');
    },
    fetchFile: async () => new Blob(),
  };
  return { host, calls, log, callsOf: (name: string) => calls.filter((c) => c.name === name) };
}

/**
 * A host whose session, language, popup and dialog calls do nothing, whose screens and uploads
 * are refused and whose files are empty: a test gives what its screen really uses in `own`.
 */
export function quietHost(own: Partial<RendererHost> & Pick<RendererHost, 'call' | 'navigate' | 'toast'>): RendererHost {
  return {
    fetchScreen: async () => {
      throw new Error('not used');
    },
    back: () => undefined,
    saveSession: () => undefined,
    logout: async () => undefined,
    setLanguage: () => undefined,
    language: () => 'EN',
    openPopup: () => undefined,
    openDialog: () => undefined,
    upload: async () => {
      throw new Error('not used');
    },
    fetchFile: async () => new Blob(),
    ...own,
  };
}

/**
 * Renders `node` inside a fresh SWR cache (or, with `appCache`, SWR's global cache, the one the
 * app and its entry prefetch use), the German messages, `host` and `registry`.
 */
export function renderWithHost(node: ReactNode, host: RendererHost, registry: RendererRegistry = REGISTRY, { appCache = false, cache }: { appCache?: boolean; cache?: Map<string, any> } = {}) { // eslint-disable-line @typescript-eslint/no-explicit-any
  return render(
    <SWRConfig value={{ ...(appCache ? {} : { provider: () => cache ?? new Map() }), dedupingInterval: 0, shouldRetryOnError: false }}>
      <IntlProvider locale="de-DE" messages={de}>
        <HostContext.Provider value={host}>
          <RendererProvider registry={registry}>{node}</RendererProvider>
        </HostContext.Provider>
      </IntlProvider>
    </SWRConfig>,
  );
}

/** Text with non-breaking spaces as plain ones (money and percent formats use U+00A0). */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

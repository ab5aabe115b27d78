/**
 * The studio's live phone preview: the draft rendered by the real renderer at
 * 390×844 in the chosen language, with real data (the editor's session calls the same API).
 * The app host is reused with `fetchScreen` answering the draft and navigation switched off;
 * a private SWR cache per revision keeps the preview apart from the studio.
 */
import { useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { HostContext, useHost, type RendererHost } from '../../../renderers/host';
import { Screen } from '../../../renderers/Screen';
import type { ScreenPayload } from '../../../renderers/types';
import { intlTag, type Locale } from '../../shared/lang';

/** Props of {@link Preview}. */
export interface PreviewProps {
  payload: ScreenPayload;
  /** Changes whenever the draft changes: remounts the screen. */
  revision: number;
  lang: Locale;
  messages: Record<string, string>;
}

/** Renders a draft screen inside a 390×844 phone frame. */
export function Preview({ payload, revision, lang, messages }: PreviewProps) {
  const host = useHost();
  const previewHost = useMemo<RendererHost>(
    () => ({ ...host, fetchScreen: async () => payload, navigate: () => undefined, back: () => undefined }),
    [host, payload],
  );
  return (
    <div className="studio-phone" data-testid="studio-preview" lang={lang}>
      <IntlProvider key={lang} locale={intlTag(lang)} messages={messages} defaultLocale="de-DE" onError={() => undefined}>
        <SWRConfig key={revision} value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
          <HostContext.Provider value={previewHost}>
            <div className="app studio-phone-app">
              <Screen id={payload.id} onBack={() => undefined} />
            </div>
          </HostContext.Provider>
        </SWRConfig>
      </IntlProvider>
    </div>
  );
}

/**
 * The studio's live phone preview: the draft rendered by the real renderer at
 * 390×844 in the chosen language, with real data (the editor's session calls the same API).
 * The server builds what the phone needs from the draft (`studio/screens/preview`): the payload
 * and the draft's form validator, so a draft that changes a rule validates with its own rules.
 * The app host is reused with `fetchScreen` answering the draft and navigation switched off;
 * a private SWR cache per revision keeps the preview apart from the studio. Query parameters
 * typed by the editor stand in for the URL's (record screens); a tab screen shows the tab
 * shell's header and tab bar.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { HostContext, useHost, type RendererHost } from '../../../renderers/host';
import { Screen } from '../../../renderers/Screen';
import { QueryOverrideContext } from '../../../renderers/data';
import type { ScreenPayload } from '../../../renderers/types';
import { intlTag, type Locale } from '../../shared/lang';
import { callApi } from '../api';
import { TABS } from '../routes';
import { TabShell } from '../shell/TabShell';

/** The draft to preview. */
export interface PreviewCandidate {
  id: string;
  layout: Record<string, unknown>;
  /** The screen's own data schema as drafted (absent: the screen has none). */
  schema?: Record<string, unknown>;
}

/** Props of {@link Preview}. */
export interface PreviewProps {
  candidate: PreviewCandidate;
  /** Changes whenever the draft changes: remounts the screen. */
  revision: number;
  lang: Locale;
  messages: Record<string, string>;
  /** Query string the screen sees (`a=1&b=2`, with or without `?`). */
  query?: string;
}

interface PreviewAnswer {
  payload: ScreenPayload;
  validators: Record<string, string>;
  errors: Array<{ pointer: string; message: string }>;
}

/** Renders a draft screen inside a 390×844 phone frame. */
export const Preview = memo(function Preview({ candidate, revision, lang, messages, query = '' }: PreviewProps) {
  const host = useHost();
  const [answer, setAnswer] = useState<{ revision: number; value?: PreviewAnswer; failed?: string } | null>(null);
  useEffect(() => {
    let live = true;
    callApi<PreviewAnswer>('studio/screens/preview', candidate, { silent: true }).then(
      (value) => live && setAnswer({ revision, value }),
      (error: Error) => live && setAnswer({ revision, failed: error.message }),
    );
    return () => {
      live = false;
    };
    // One request per revision (debounced by the studio), not per keystroke.
  }, [revision]); // eslint-disable-line react-hooks/exhaustive-deps
  const payload = answer?.value?.payload;
  const previewHost = useMemo<RendererHost>(
    () => ({ ...host, fetchScreen: async () => payload!, navigate: () => undefined, back: () => undefined }),
    [host, payload],
  );
  const tab = TABS.find((t) => t.path === `/${candidate.id}`);
  const search = query.trim().replace(/^\?/, '');
  return (
    <div className="studio-phone" data-testid="studio-preview" lang={lang}>
      <IntlProvider key={lang} locale={intlTag(lang)} messages={messages} defaultLocale="de-DE" onError={() => undefined}>
        {answer?.failed && <p className="notice notice-warning" role="alert">{answer.failed}</p>}
        {answer?.value?.errors.map((error) => (
          <p key={error.pointer} className="notice notice-warning" role="alert" data-testid="preview-problem">
            <FormattedMessage id="studio.previewProblem" values={{ pointer: error.pointer, message: error.message }} />
          </p>
        ))}
        {payload && (
          <SWRConfig key={answer!.revision} value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
            <HostContext.Provider value={previewHost}>
              <QueryOverrideContext.Provider value={search}>
                <div className="app studio-phone-app">{tab ? <TabShell tab={tab} preview /> : <Screen id={payload.id} onBack={() => undefined} />}</div>
              </QueryOverrideContext.Provider>
            </HostContext.Provider>
          </SWRConfig>
        )}
      </IntlProvider>
    </div>
  );
});

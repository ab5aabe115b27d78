/**
 * Search in the studio (`studio/search`): words typed (two or more letters) find served screens
 * — by id or by any text in their layout and schema, with the places — and texts of every
 * language by id or wording, each with the screens that use it. A screen opens in the editor
 * with one click; "Where is this text used?" (`studio/texts/usage`) lists every screen using a
 * text id with the places its layout or schema names it. Also used by the texts table.
 */
import { memo, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, callApi } from '../api';

interface SearchResult {
  screens: Array<{ id: string; path: string | null; hits: Array<{ pointer: string; text: string }> }>;
  texts: Array<{ id: string; lang: string; text: string; screens: string[] }>;
  truncated: boolean;
}

interface TextUsage {
  id: string;
  texts: Record<string, string>;
  screens: Array<{ id: string; path: string | null; pointers: string[] }>;
}

/** Props of {@link TextUsageView}. */
export interface TextUsageViewProps {
  id: string;
  onOpen(screenId: string): void;
}

/** Where one text id is used: every screen with the places, each opening in the editor. */
export function TextUsageView({ id, onOpen }: TextUsageViewProps) {
  const [usage, setUsage] = useState<TextUsage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    callApi<TextUsage>('studio/texts/usage', { id }, { silent: true }).then(
      (value) => live && setUsage(value),
      (error: unknown) => live && setFailed(error instanceof ApiError ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (failed) return <p className="studio-hint" role="alert">{failed}</p>;
  if (!usage) return null;
  return (
    <div className="studio-usage" data-testid={`usage-${id}`}>
      <p className="studio-hint"><FormattedMessage id="studio.usedIn" values={{ count: usage.screens.length, id }} /></p>
      <ul className="studio-version-list">
        {usage.screens.map((screen) => (
          <li key={screen.id}>
            <button type="button" className="studio-link" onClick={() => onOpen(screen.id)} data-testid={`usage-open-${screen.id}`}>{screen.path ?? `/${screen.id}`}</button>
            {screen.pointers.length > 0 && <span className="studio-hint"> {screen.pointers.join(', ')}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Props of {@link SearchPanel}. */
export interface SearchPanelProps {
  /** Opens a screen in the editor. */
  onOpen(screenId: string): void;
}

/** The studio's search box and results. */
export const SearchPanel = memo(function SearchPanel({ onOpen }: SearchPanelProps) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const [result, setResult] = useState<SearchResult | null>(null);
  const [usageOf, setUsageOf] = useState<string | null>(null);
  useEffect(() => {
    const words = q.trim();
    if (words.length < 2) {
      setResult(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      callApi<SearchResult>('studio/search', { q: words }, { silent: true }).then(
        (value) => live && setResult(value),
        () => live && setResult(null),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  return (
    <details className="studio-search" open={q.length > 0} data-testid="studio-search">
      <summary><FormattedMessage id="studio.search" /></summary>
      <input
        type="search"
        className="studio-input"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder={intl.formatMessage({ id: 'studio.searchPlaceholder' })}
        aria-label={intl.formatMessage({ id: 'studio.search' })}
        data-testid="studio-search-input"
      />
      {result && (
        <div className="studio-search-results" data-testid="studio-search-results">
          <h3 className="studio-subtitle"><FormattedMessage id="studio.searchScreens" values={{ count: result.screens.length }} /></h3>
          <ul className="studio-version-list">
            {result.screens.map((screen) => (
              <li key={screen.id}>
                <button type="button" className="studio-link" onClick={() => onOpen(screen.id)} data-testid={`search-screen-${screen.id}`}>{screen.id}</button>
                {screen.hits.map((hit) => (
                  <span key={hit.pointer} className="studio-hint"> <code>{hit.pointer}</code> {hit.text}</span>
                ))}
              </li>
            ))}
          </ul>
          <h3 className="studio-subtitle"><FormattedMessage id="studio.searchTexts" values={{ count: result.texts.length }} /></h3>
          <div className="studio-scroll">
            <table className="studio-texts" data-testid="search-texts">
              <tbody>
                {result.texts.map((text) => (
                  <tr key={`${text.lang}-${text.id}`}>
                    <td className="studio-text-id">{text.id} <span className="studio-hint">{text.lang.toUpperCase()}</span></td>
                    <td>{text.text}</td>
                    <td>
                      <button type="button" className="studio-link" onClick={() => setUsageOf(usageOf === text.id ? null : text.id)} data-testid={`search-usage-${text.lang}-${text.id}`}>
                        <FormattedMessage id="studio.whereUsed" values={{ count: text.screens.length }} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {usageOf && <TextUsageView key={usageOf} id={usageOf} onOpen={onOpen} />}
          {result.truncated && <p className="studio-hint"><FormattedMessage id="studio.searchTruncated" /></p>}
        </div>
      )}
    </details>
  );
});

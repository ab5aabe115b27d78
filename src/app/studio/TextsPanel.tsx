/**
 * The texts a screen uses, per language: every message id of the draft with its text in DE,
 * EN, HI and ZH; a missing translation is flagged. The changed texts travel with the next
 * publish, or alone as one change request (`studio/messages/save`), every language together.
 * Each id tells where else it is used (`studio/texts/usage`), so a shared text is not changed
 * unknowingly.
 */
import { Fragment, memo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES, type Locale } from '../../shared/lang';
import { TextUsageView } from './SearchPanel';

/** Props of {@link TextsPanel}. */
export interface TextsPanelProps {
  ids: string[];
  catalogs: Partial<Record<Locale, Record<string, string>>>;
  edits: Partial<Record<Locale, Record<string, string>>>;
  onEdit(lang: Locale, id: string, text: string): void;
  onSave(): void;
  saving: boolean;
  /** Opens a screen that uses a text. */
  onOpen(screenId: string): void;
}

/** The screen's texts table. */
export const TextsPanel = memo(function TextsPanel({ ids, catalogs, edits, onEdit, onSave, saving, onOpen }: TextsPanelProps) {
  const intl = useIntl();
  const [usageOf, setUsageOf] = useState<string | null>(null);
  const changed = LOCALES.some((lang) => Object.keys(edits[lang] ?? {}).length > 0);
  return (
    <div data-testid="studio-texts">
      <div className="studio-scroll">
      <table className="studio-texts">
        <thead>
          <tr>
            <th><FormattedMessage id="studio.messageId" /></th>
            {LOCALES.map((lang) => <th key={lang}>{lang.toUpperCase()}</th>)}
          </tr>
        </thead>
        <tbody>
          {ids.map((id) => (
            <Fragment key={id}>
            <tr>
              <td className="studio-text-id">
                {id}{' '}
                <button type="button" className="studio-link" aria-expanded={usageOf === id} onClick={() => setUsageOf(usageOf === id ? null : id)} data-testid={`text-usage-${id}`}>
                  <FormattedMessage id="studio.whereUsedShort" />
                </button>
              </td>
              {LOCALES.map((lang) => {
                const value = edits[lang]?.[id] ?? catalogs[lang]?.[id];
                const missing = value === undefined || value === '';
                return (
                  <td key={lang} className={missing ? 'studio-missing' : undefined}>
                    <input
                      aria-label={`${id} ${lang}`}
                      data-testid={`text-${lang}-${id}`}
                      value={value ?? ''}
                      placeholder={missing ? intl.formatMessage({ id: 'studio.missing' }) : undefined}
                      onChange={(event) => onEdit(lang, id, event.target.value)}
                    />
                  </td>
                );
              })}
            </tr>
            {usageOf === id && (
              <tr>
                <td colSpan={LOCALES.length + 1}><TextUsageView id={id} onOpen={onOpen} /></td>
              </tr>
            )}
            </Fragment>
          ))}
        </tbody>
      </table>
      </div>
      <button type="button" className="studio-button" disabled={!changed || saving} onClick={onSave} data-testid="studio-save-texts">
        <FormattedMessage id="studio.saveTexts" />
      </button>
    </div>
  );
});

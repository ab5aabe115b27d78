/**
 * The texts a screen uses, per language: every message id of the draft with its text in DE,
 * EN, HI and ZH; a missing translation is flagged. The changed texts travel with the next
 * publish, or alone as one change request (`studio/messages/save`), every language together.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES, type Locale } from '../../shared/lang';

/** Props of {@link TextsPanel}. */
export interface TextsPanelProps {
  ids: string[];
  catalogs: Partial<Record<Locale, Record<string, string>>>;
  edits: Partial<Record<Locale, Record<string, string>>>;
  onEdit(lang: Locale, id: string, text: string): void;
  onSave(): void;
  saving: boolean;
}

/** The screen's texts table. */
export function TextsPanel({ ids, catalogs, edits, onEdit, onSave, saving }: TextsPanelProps) {
  const intl = useIntl();
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
            <tr key={id}>
              <td className="studio-text-id">{id}</td>
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
          ))}
        </tbody>
      </table>
      </div>
      <button type="button" className="studio-button" disabled={!changed || saving} onClick={onSave} data-testid="studio-save-texts">
        <FormattedMessage id="studio.saveTexts" />
      </button>
    </div>
  );
}

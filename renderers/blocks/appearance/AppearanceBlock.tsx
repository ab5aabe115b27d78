/**
 * The `appearance` block on /my: the colour theme — follow the system, light or
 * dark — and "Install app" where the browser offers installing.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Download, Moon } from 'lucide-react';
import type { BlockProps } from '../../types';
import { setTheme, useTheme, type ThemeChoice } from '../../app/theme';
import { promptInstall, useInstallAvailable } from '../../app/install';
import type { AppearanceBlockSpec } from './spec';

const CHOICES: ThemeChoice[] = ['system', 'light', 'dark'];

export function AppearanceBlock({ spec }: BlockProps<AppearanceBlockSpec>) {
  const intl = useIntl();
  const theme = useTheme();
  const installable = useInstallAvailable();
  return (
    <section className="card appearance" data-testid="appearance">
      {spec.title && <h2 className="section-title inside"><FormattedMessage id={spec.title} /></h2>}
      <div className="appearance-row">
        <span className="menu-icon" aria-hidden="true"><Moon size={20} /></span>
        <span className="menu-label" id="theme-label"><FormattedMessage id="appearance.theme" /></span>
      </div>
      <div className="segmented theme-switch" role="radiogroup" aria-labelledby="theme-label">
        {CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={theme === choice}
            className={`segment${theme === choice ? ' active' : ''}`}
            data-testid={`theme-${choice}`}
            onClick={() => setTheme(choice)}
          >
            {intl.formatMessage({ id: `appearance.${choice}` })}
          </button>
        ))}
      </div>
      {installable && (
        <button type="button" className="menu-row install-row" data-testid="install-app" onClick={() => void promptInstall()}>
          <span className="menu-icon" aria-hidden="true"><Download size={20} /></span>
          <span className="menu-label"><FormattedMessage id="appearance.install" /></span>
        </button>
      )}
    </section>
  );
}

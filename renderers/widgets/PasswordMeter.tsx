/**
 * The password strength meter (OWASP ASVS 5.0 §6.2): four bars, a word for the
 * strength and the main hint, from the same zxcvbn-ts estimate the server applies (score 0–1
 * is refused). The estimator and its dictionaries load lazily on first input.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Strength } from '../../src/shared/password-strength';
import './PasswordMeter.css';

type Estimate = (password: string, userInputs?: string[]) => Strength;
let estimator: Promise<Estimate> | null = null;
const loadEstimator = () => (estimator ??= import('../../src/shared/password-strength').then((m) => m.passwordStrength));

/** Props: the password typed so far and words it should not be built from (the email). */
export function PasswordMeter({ password, userInputs = [], id }: { password: string; userInputs?: string[]; id: string }) {
  const intl = useIntl();
  const [strength, setStrength] = useState<Strength | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) {
      setStrength(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      void loadEstimator()
        .then((estimate) => live && setStrength(estimate(password, inputs ? inputs.split('\n') : [])))
        .catch(() => undefined);
    }, 120);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  const score = strength?.score ?? -1;
  const tone = score < 0 ? 'none' : score < 2 ? 'weak' : score < 3 ? 'fair' : 'strong';
  const hintId = !strength ? 'password.hint.ok' : (strength.hintId ?? null);
  return (
    <div className={`pw-meter pw-${tone}`} id={`${id}__strength`} data-score={score < 0 ? '' : String(score)}>
      <div className="pw-row">
        <div
          className="pw-bars"
          role="meter"
          aria-label={intl.formatMessage({ id: 'password.strength.label' })}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={Math.max(0, score)}
          aria-valuetext={score < 0 ? undefined : intl.formatMessage({ id: `password.strength.${score}` })}
        >
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className={score > i || (score === 0 && i === 0) ? 'on' : ''} />
          ))}
        </div>
        <span className="pw-word" aria-live="polite">
          {score < 0 ? <FormattedMessage id="password.strength.label" /> : <FormattedMessage id={`password.strength.${score}`} />}
        </span>
      </div>
      {hintId && (
        <p className="pw-hint">
          <FormattedMessage id={hintId} />
        </p>
      )}
    </div>
  );
}

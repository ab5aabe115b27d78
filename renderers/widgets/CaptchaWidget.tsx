/**
 * The captcha dialog widget (docs/product.md, Routes): shows the email, a code field, a send button
 * that turns into a 59.999 s countdown (reset at once when sending fails) and a confirm button
 * throttled to 3 s. Confirm fills the field and submits the form.
 * `ui:options`: `emailField` (sibling field holding the email), `purpose` (register|changePassword).
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Mail, ShieldCheck } from 'lucide-react';
import type { WidgetProps } from '@rjsf/utils';
import { useHost } from '../host';
import { Sheet } from '../ui/Sheet';
import type { FormContext } from '../form/context';

/** Countdown after a send (docs/product.md, Routes). */
export const CAPTCHA_COUNTDOWN_MS = 59_999;
/** Minimum time between two confirms (docs/product.md, Routes). */
export const CONFIRM_THROTTLE_MS = 3_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function CaptchaWidget(props: WidgetProps) {
  const { id, value, options, rawErrors, onChange, registry } = props;
  const context = registry.formContext as FormContext;
  const host = useHost();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<string>(value ?? '');
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastConfirm = useRef(0);
  // Read at tap time: rjsf does not re-render this widget when a sibling field changes.
  const readEmail = () => String(context.getFormData()[String(options.emailField ?? 'email')] ?? '').trim();
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) setDeadline(null);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const remaining = deadline === null ? 0 : Math.max(0, deadline - now);

  const send = async () => {
    if (!EMAIL.test(email)) {
      host.toast({ messageId: 'captcha.emailFirst', tone: 'error' });
      return;
    }
    const started = Date.now();
    setNow(started);
    setDeadline(started + CAPTCHA_COUNTDOWN_MS);
    try {
      await host.call('user/sendCaptchaByEmail', { email, purpose: String(options.purpose ?? 'register') });
      host.toast({ messageId: 'captcha.sent', tone: 'success' });
    } catch {
      setDeadline(null); // sending failed: the button is usable again at once
    }
  };

  const confirm = () => {
    const t = Date.now();
    if (t - lastConfirm.current < CONFIRM_THROTTLE_MS) return;
    lastConfirm.current = t;
    onChange(code.trim() === '' ? undefined : code.trim());
    setOpen(false);
    // Let rjsf commit the value before submitting.
    setTimeout(() => context.submit(), 0);
  };

  return (
    <>
      <button
        type="button"
        id={id}
        className={`input captcha-trigger${rawErrors?.length ? ' invalid' : ''}`}
        aria-invalid={Boolean(rawErrors?.length)}
        onClick={() => {
          const current = readEmail();
          if (!EMAIL.test(current)) {
            host.toast({ messageId: 'captcha.emailFirst', tone: 'error' });
            return;
          }
          setEmail(current);
          setOpen(true);
        }}
      >
        <ShieldCheck size={18} aria-hidden="true" />
        <span>{value ? <><b className="mono">{value}</b> · <FormattedMessage id="captcha.change" /></> : <FormattedMessage id="captcha.tap" />}</span>
      </button>
      <Sheet open={open} title={intl.formatMessage({ id: 'captcha.title' })} onClose={() => setOpen(false)} testId="captcha-dialog">
        <p className="captcha-email">
          <Mail size={16} aria-hidden="true" />
          <span><FormattedMessage id="captcha.sentTo" values={{ email: <b key="email">{email}</b> }} /></span>
        </p>
        <div className="captcha-row">
          <input
            className="input mono"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={intl.formatMessage({ id: 'captcha.codePlaceholder' })}
            aria-label={intl.formatMessage({ id: 'field.captcha' })}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="btn btn-secondary btn-send" disabled={remaining > 0} onClick={() => void send()} data-testid="captcha-send">
            {remaining > 0 ? (
              <FormattedMessage id="captcha.countdown" values={{ seconds: Math.ceil(remaining / 1000) }} />
            ) : (
              <FormattedMessage id="captcha.send" />
            )}
          </button>
        </div>
        <button type="button" className="btn btn-primary" onClick={confirm} data-testid="captcha-confirm">
          <FormattedMessage id="captcha.confirm" />
        </button>
      </Sheet>
    </>
  );
}

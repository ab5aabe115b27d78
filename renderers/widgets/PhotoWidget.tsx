/**
 * The photo-upload widget: opens the camera on phones, downsizes large photos in the
 * browser, uploads with a progress bar, shows a preview, offers retry on failure and a remove
 * button. The field's value is the upload id. Usable from any form layout as
 * `"ui:widget": "photo"`; `ui:options.hint` is a message id shown in the empty tile,
 * `ui:options.call` overrides the upload call (default `oss/uploadPhoto`).
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Camera, RotateCcw, X } from 'lucide-react';
import type { WidgetProps } from '@rjsf/utils';
import { useHost } from '../host';
import { downscalePhoto } from './downscale';

type Phase = { kind: 'empty' } | { kind: 'uploading'; progress: number } | { kind: 'failed' } | { kind: 'done' };

export function PhotoWidget(props: WidgetProps) {
  const { id, value, options, rawErrors, onChange, label, disabled } = props;
  const host = useHost();
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pending, setPending] = useState<Blob | null>(null);
  const [phase, setPhase] = useState<Phase>(value ? { kind: 'done' } : { kind: 'empty' });

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = async (blob: Blob) => {
    setPhase({ kind: 'uploading', progress: 0 });
    try {
      const result = await host.upload<{ id: string }>(String(options.call ?? 'oss/uploadPhoto'), blob, (progress) =>
        setPhase({ kind: 'uploading', progress }),
      );
      onChange(result.id);
      setPending(null);
      setPhase({ kind: 'done' });
    } catch {
      setPhase({ kind: 'failed' });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    onChange(undefined);
    const blob = await downscalePhoto(file);
    setPreview(URL.createObjectURL(blob));
    setPending(blob);
    await upload(blob);
  };

  const remove = () => {
    onChange(undefined);
    setPreview(null);
    setPending(null);
    setPhase({ kind: 'empty' });
    if (input.current) input.current.value = '';
  };

  const invalid = Boolean(rawErrors?.length);
  return (
    <div className={`photo-widget${invalid ? ' invalid' : ''}`} data-testid={`photo-${id.replace(/^root_/, '')}`} data-phase={phase.kind}>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="visually-hidden"
        aria-label={label}
        disabled={disabled}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {preview || phase.kind === 'done' ? (
        <div className="photo-tile">
          {preview ? <img src={preview} alt={label} /> : <div className="photo-placeholder"><Camera size={28} /></div>}
          {phase.kind === 'uploading' && (
            <div className="photo-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(phase.progress * 100)}>
              <span style={{ width: `${Math.round(phase.progress * 100)}%` }} />
            </div>
          )}
          {phase.kind === 'failed' && (
            <div className="photo-overlay">
              <p><FormattedMessage id="photo.failed" /></p>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => pending && void upload(pending)}>
                <RotateCcw size={16} /> <FormattedMessage id="common.retry" />
              </button>
            </div>
          )}
          {phase.kind === 'done' && <span className="photo-badge"><FormattedMessage id="photo.uploaded" /></span>}
          <button type="button" className="photo-remove" aria-label={intl.formatMessage({ id: 'photo.remove' })} onClick={remove}>
            <X size={18} />
          </button>
        </div>
      ) : (
        <button type="button" className="photo-empty" disabled={disabled} onClick={() => input.current?.click()}>
          <span className="photo-camera"><Camera size={26} /></span>
          <span><FormattedMessage id={String(options.hint ?? 'photo.take')} /></span>
        </button>
      )}
    </div>
  );
}

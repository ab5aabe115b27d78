/** A private image (upload) fetched with the session, or a `data:image/…` URL shown as it is; tapping opens it full screen. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '../host';
import { Sheet } from './Sheet';

export function AuthImage({ url, alt }: { url: string; alt: string }) {
  const host = useHost();
  const intl = useIntl();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    // An image the answer carries itself (a QR code as a data URL) needs no fetch.
    if (url.startsWith('data:image/')) {
      setSrc(url);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    host.fetchFile(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [host, url]);
  if (failed) return <div className="photo-frame photo-missing">{intl.formatMessage({ id: 'photo.unavailable' })}</div>;
  if (!src) return <div className="photo-frame skeleton-row" aria-busy="true" />;
  return (
    <>
      <button type="button" className={url.startsWith('data:image/') ? 'photo-frame photo-inline' : 'photo-frame'} onClick={() => setZoomed(true)} aria-label={alt}>
        <img src={src} alt={alt} />
      </button>
      <Sheet open={zoomed} title={alt} onClose={() => setZoomed(false)}>
        <img className="photo-full" src={src} alt={alt} />
      </Sheet>
    </>
  );
}

import type { QRCode } from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { VIA_PARAM } from '../../../common/visit-source';
import { Modal } from '../modal/Modal';
import { QrCode } from './QrCode';

type Content = 'card' | 'link';

/**
 * 'Scan Contact': a QR code of the contact card (no photo or bio, so it stays scannable), or of the
 * public profile link. The encoder is loaded only when the dialog opens.
 */
export function QrDialog({
  open,
  onClose,
  vcard,
  profileUrl,
  via,
}: {
  open: boolean;
  onClose(): void;
  vcard: string;
  profileUrl: string;
  /** The scanned source, signed by the server for this card. */
  via: string;
}) {
  const [content, setContent] = useState<Content>('card');
  const [code, setCode] = useState<QRCode | null>(null);
  const [tooLong, setTooLong] = useState(false);
  const name = useId();
  // A scan of this code counts as a QR visit in the owner's insights; the page takes `via` off its address.
  const scannedUrl = `${profileUrl}?${VIA_PARAM}=${encodeURIComponent(via)}`;

  useEffect(() => {
    if (!open) return;
    let current = true;
    void import('qrcode/lib/browser.js').then((encoder) => {
      if (!current) return;
      const text = content === 'card' ? vcard : scannedUrl;
      try {
        // Shown on a clean screen, a code needs little repair data (L, 7 %); fewer, larger modules matter more.
        setCode(encoder.create(text, { errorCorrectionLevel: content === 'card' ? 'L' : 'M' }));
        setTooLong(false);
      } catch {
        // More than a QR code holds (a very long card): the link always fits.
        setCode(encoder.create(scannedUrl, { errorCorrectionLevel: 'M' }));
        setTooLong(true);
      }
    });
    return () => {
      current = false;
    };
  }, [open, content, vcard, scannedUrl]);

  return (
    <Modal open={open} title="Scan Contact" onClose={onClose} className="qr-dialog">
      <fieldset className="qr-dialog-segmented">
        <legend className="visually-hidden">What the code holds</legend>
        <label>
          <input type="radio" name={name} checked={content === 'card'} onChange={() => setContent('card')} />
          Contact card
        </label>
        <label>
          <input type="radio" name={name} checked={content === 'link'} onChange={() => setContent('link')} />
          Profile link
        </label>
      </fieldset>
      <div className="qr-dialog-frame">
        {code ? (
          <QrCode
            code={code}
            label={
              content === 'card' && !tooLong ? 'QR code of the contact card' : `QR code of ${profileUrl}`
            }
          />
        ) : (
          <p role="status">Loading...</p>
        )}
      </div>
      <p className="muted qr-dialog-caption">
        {tooLong
          ? 'The contact card is too long for a code, so this one opens your public profile.'
          : content === 'card'
            ? 'Point a phone camera here to save the contact.'
            : profileUrl}
      </p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}

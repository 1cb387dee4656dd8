import { useEffect, useState } from 'react';
import { drawCard, type PngDataUrl, type QrMatrix } from '../../../common/card-design/draw';
import type { PrintedCard } from '../../../common/card-design/personalisation';
import interFaces from './inter.css?inline';

/** A QR code's matrix for the back, made in the browser only when a card shows one (the library loads then). */
export function useQrMatrix(url: string | undefined): QrMatrix | undefined {
  const [matrix, setMatrix] = useState<QrMatrix | undefined>(undefined);
  useEffect(() => {
    if (!url) return;
    let current = true;
    import('qrcode').then((qr) => {
      if (current) setMatrix(qr.create(url, { errorCorrectionLevel: 'M' }).modules);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return url ? matrix : undefined;
}

/**
 * The card's front and back as they will be printed, drawn by the same function the server draws the order's
 * proof with. The drawing is our own markup (every typed text escaped), so it is placed inline, where it can
 * use the page's Inter font; each drawing names itself ("Front of the card") for assistive technology.
 */
export function CardPreview({
  printed,
  design,
  fields,
  images,
  qr,
}: {
  printed: PrintedCard;
  design: string;
  fields: readonly string[];
  images: { logo?: PngDataUrl; signature?: PngDataUrl };
  qr: QrMatrix | undefined;
}) {
  const { front, back } = drawCard({ printed, design, fields, images, ...(qr ? { qr } : {}) });
  return (
    <div className="card-design-preview">
      {/* The preview's text is the print's typeface. Its faces go into the <head> (React hoists a style with
          a precedence) inline, so no other page blocks its first paint on them and this one needs no request;
          a face's file is fetched only when drawn. */}
      <style href="inter-faces" precedence="fonts">
        {interFaces}
      </style>
      <figure>
        <div
          className="card-design-preview-face"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: drawCard's own SVG; typed text is escaped in it
          dangerouslySetInnerHTML={{ __html: front }}
        />
        <figcaption>Front</figcaption>
      </figure>
      <figure>
        <div
          className="card-design-preview-face"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: drawCard's own SVG; typed text is escaped in it
          dangerouslySetInnerHTML={{ __html: back }}
        />
        <figcaption>Back</figcaption>
      </figure>
    </div>
  );
}

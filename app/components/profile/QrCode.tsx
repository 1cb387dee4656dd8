import type { QRCode } from 'qrcode';

/** The widest the code is drawn, in CSS pixels (it fits the dialog on a 320 px phone). */
const MAX_SIDE_PX = 264;

/**
 * Draws a QR code as one SVG path, no canvas or data URL needed. Each module is a whole number of pixels
 * (at least 3): a code scaled to fractional modules blurs their edges, and cameras and decoders then miss it.
 */
export function QrCode({ code, label }: { code: QRCode; label: string }) {
  const { size, data } = code.modules;
  const margin = 4;
  const modulePx = Math.max(3, Math.floor(MAX_SIDE_PX / (size + margin * 2)));
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (data[y * size + x]) path += `M${x + margin} ${y + margin}h1v1h-1z`;
    }
  }
  const side = size + margin * 2;
  return (
    <svg
      className="qr-dialog-code"
      viewBox={`0 0 ${side} ${side}`}
      width={side * modulePx}
      height={side * modulePx}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

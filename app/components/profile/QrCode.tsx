import type { QRCode } from 'qrcode';

/** Draws a QR code as one SVG path: crisp at any size, and no canvas or data URL needed. */
export function QrCode({ code, label }: { code: QRCode; label: string }) {
  const { size, data } = code.modules;
  const margin = 4;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (data[y * size + x]) path += `M${x + margin} ${y + margin}h1v1h-1z`;
    }
  }
  const side = size + margin * 2;
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

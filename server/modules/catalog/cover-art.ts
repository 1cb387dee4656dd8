import { paletteOf } from '../../../common/card-design/designs.ts';
import { escapeXml } from '../../../common/xml.ts';

/** A credit-card-shaped cover (856×540, the ID-1 ratio) showing the design, the name and the NFC mark. */
export function cardCoverSvg(name: string, design: string): string {
  const p = paletteOf(design);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540" role="img" aria-label="${escapeXml(`${name}, ${design}`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="856" height="540" rx="36" fill="url(#g)"/>
<rect x="64" y="170" width="110" height="84" rx="14" fill="${p.accent}" opacity="0.55"/>
<path d="M92 170v84M146 170v84M64 212h110" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="3"/>
<g fill="none" stroke="${p.ink}" stroke-width="8" stroke-linecap="round" opacity="0.8">
<path d="M716 186a60 60 0 0 1 0 84"/><path d="M742 160a96 96 0 0 1 0 136"/><path d="M768 134a132 132 0 0 1 0 188"/></g>
<text x="64" y="410" font-family="Helvetica, Arial, sans-serif" font-size="46" font-weight="700" fill="${p.ink}">${escapeXml(name)}</text>
<text x="64" y="462" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="${p.ink}" opacity="0.75">${escapeXml(design)}</text>
</svg>
`;
}

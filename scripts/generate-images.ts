/**
 * Writes the site's illustrations (SVG) into public/images. Run after changing the list below:
 *   node --import tsx scripts/generate-images.ts
 * The output is committed, so a build needs nothing but this repository.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const OUT = path.join(import.meta.dirname, '..', 'public', 'images');
const NAVY = '#0b1b3a';
const NAVY2 = '#132a57';
const BLUE = '#2563eb';
const TEAL = '#0ea5a4';
const LIGHT = '#f5f7fb';

type Motif =
  | 'cloud'
  | 'design'
  | 'web'
  | 'code'
  | 'ai'
  | 'shield'
  | 'card'
  | 'team'
  | 'chart'
  | 'rocket'
  | 'door'
  | 'gift';

/** A motif drawn in a 200×200 box, white on the background. */
function motif(kind: Motif): string {
  const stroke = 'fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"';
  switch (kind) {
    case 'cloud':
      return `<path ${stroke} d="M55 140h95a30 30 0 0 0 4-60 45 45 0 0 0-86-8 34 34 0 0 0-13 68z"/><path ${stroke} d="M80 165v-25M100 170v-30M120 165v-25"/>`;
    case 'design':
      return `<circle ${stroke} cx="100" cy="100" r="62"/><circle fill="#fff" cx="78" cy="82" r="9"/><circle fill="${TEAL}" cx="112" cy="70" r="9"/><circle fill="#93c5fd" cx="132" cy="100" r="9"/><path ${stroke} d="M95 160c10-20 30-20 30-40"/>`;
    case 'web':
      return `<rect ${stroke} x="35" y="45" width="130" height="100" rx="10"/><path ${stroke} d="M35 70h130M55 58h1M70 58h1M55 95h50M55 115h80"/>`;
    case 'code':
      return `<path ${stroke} d="M75 60 35 100l40 40M125 60l40 40-40 40M110 45 90 155"/>`;
    case 'ai':
      return `<rect ${stroke} x="55" y="55" width="90" height="90" rx="12"/><rect fill="#fff" x="82" y="82" width="36" height="36" rx="6"/><path ${stroke} d="M80 35v20M120 35v20M80 145v20M120 145v20M35 80h20M35 120h20M145 80h20M145 120h20"/>`;
    case 'shield':
      return `<path ${stroke} d="M100 30l60 22v45c0 38-26 66-60 75-34-9-60-37-60-75V52z"/><path ${stroke} d="M75 100l18 18 34-36"/>`;
    case 'card':
      return `<rect ${stroke} x="30" y="55" width="140" height="90" rx="12"/><rect fill="#fff" x="48" y="75" width="26" height="20" rx="4"/><path ${stroke} d="M48 120h50M140 88a14 14 0 0 1 0 24M152 78a28 28 0 0 1 0 44"/>`;
    case 'team':
      return `<circle ${stroke} cx="75" cy="80" r="20"/><circle ${stroke} cx="130" cy="85" r="16"/><path ${stroke} d="M35 150c0-25 18-42 40-42s40 17 40 42M112 150c2-20 14-32 28-32s26 12 26 32"/>`;
    case 'chart':
      return `<path ${stroke} d="M40 160h125M60 160v-40M95 160V85M130 160v-60M55 95l40-30 35 15 35-40"/>`;
    case 'rocket':
      return `<path ${stroke} d="M100 35c30 20 40 55 30 95h-60c-10-40 0-75 30-95z"/><circle fill="#fff" cx="100" cy="85" r="12"/><path ${stroke} d="M70 130l-20 25h30M130 130l20 25h-30M90 160l10 15 10-15"/>`;
    case 'door':
      return `<rect ${stroke} x="60" y="35" width="80" height="130" rx="6"/><circle fill="#fff" cx="122" cy="100" r="6"/><rect ${stroke} x="150" y="85" width="26" height="40" rx="5"/><path ${stroke} d="M40 165h120"/>`;
    case 'gift':
      return `<rect ${stroke} x="45" y="80" width="110" height="80" rx="8"/><path ${stroke} d="M40 80h120v-22H40zM100 58v102M100 58c-10-25-40-25-35-5M100 58c10-25 40-25 35-5"/>`;
  }
}

/** A wide illustration: gradient panel, soft circles, and the motif on the right. */
function illustration(kind: Motif, width: number, height: number, seed: number): string {
  const [a, b] = seed % 2 === 0 ? [NAVY, BLUE] : [NAVY2, TEAL];
  const scale = Math.min(width, height) / 260;
  const mx = width - 200 * scale - width * 0.08;
  const my = (height - 200 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${width}" height="${height}" rx="16" fill="url(#g)"/>
<circle cx="${width * 0.18}" cy="${height * 0.25}" r="${height * 0.32}" fill="#fff" opacity=".06"/>
<circle cx="${width * 0.32}" cy="${height * 0.9}" r="${height * 0.22}" fill="${TEAL}" opacity=".25"/>
<rect x="${width * 0.08}" y="${height * 0.62}" width="${width * 0.3}" height="${height * 0.05}" rx="${height * 0.025}" fill="#fff" opacity=".35"/>
<rect x="${width * 0.08}" y="${height * 0.72}" width="${width * 0.2}" height="${height * 0.05}" rx="${height * 0.025}" fill="#fff" opacity=".2"/>
<g transform="translate(${mx.toFixed(1)} ${my.toFixed(1)}) scale(${scale.toFixed(3)})"><circle cx="100" cy="100" r="96" fill="#fff" opacity=".08"/>${motif(kind)}</g>
</svg>
`;
}

function avatar(seed: number): string {
  const backgrounds = ['#dbeafe', '#ccfbf1', '#e0e7ff', '#fef3c7', '#fce7f3', '#dcfce7'];
  const shirts = [BLUE, TEAL, NAVY2, '#7c3aed', '#db2777', '#16a34a'];
  const skins = ['#f1c7a5', '#8d5a3b', '#e0ac69', '#c68642', '#ffdbac', '#a66d4a'];
  const i = seed % backgrounds.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="${backgrounds[i]}"/>
<circle cx="200" cy="165" r="72" fill="${skins[(seed * 5) % skins.length]}"/>
<path d="M200 88c-45 0-72 30-72 70 0 8 2 14 4 20 8-38 30-50 68-50s60 12 68 50c2-6 4-12 4-20 0-40-27-70-72-70z" fill="${NAVY}" opacity=".85"/>
<path d="M70 400c0-78 58-138 130-138s130 60 130 138z" fill="${shirts[i]}"/>
</svg>
`;
}

function logo(name: string, seed: number): string {
  const colors = [BLUE, TEAL, NAVY2, '#7c3aed', '#0f766e', '#1d4ed8', '#be123c', '#15803d'];
  const color = colors[seed % colors.length];
  const shapes = [
    `<circle cx="30" cy="40" r="18" fill="${color}"/>`,
    `<rect x="12" y="22" width="36" height="36" rx="8" fill="${color}"/>`,
    `<path d="M30 18l20 36H10z" fill="${color}"/>`,
    `<path d="M12 40a18 18 0 0 1 36 0M12 40a18 18 0 0 0 36 0" stroke="${color}" stroke-width="8" fill="none"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
${shapes[seed % shapes.length]}
<text x="60" y="48" font-family="system-ui, -apple-system, Segoe UI, Arial, sans-serif" font-size="17" font-weight="700" fill="${NAVY}">${name}</text>
</svg>
`;
}

function ogDefault(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="1000" cy="120" r="260" fill="${TEAL}" opacity=".25"/>
<rect x="90" y="230" width="84" height="84" rx="18" fill="${BLUE}"/>
<text x="116" y="292" font-family="system-ui, Arial, sans-serif" font-size="52" font-weight="800" fill="#fff">N</text>
<text x="200" y="292" font-family="system-ui, Arial, sans-serif" font-size="64" font-weight="800" fill="#fff">Nexa Digital</text>
<text x="92" y="380" font-family="system-ui, Arial, sans-serif" font-size="34" fill="${LIGHT}">IT services and smart intro cards</text>
</svg>
`;
}

/** Every image the content refers to: path under public/images → SVG text. */
export const IMAGES: Record<string, string> = {
  'og-default.svg': ogDefault(),
  'hero/cloud.svg': illustration('cloud', 640, 480, 0),
  'hero/card.svg': illustration('card', 640, 480, 1),
  'hero/team.svg': illustration('team', 640, 480, 2),
  'about/studio.svg': illustration('team', 720, 480, 3),
  'about/office.svg': illustration('rocket', 720, 480, 4),
  'services/cloud.svg': illustration('cloud', 960, 480, 0),
  'services/cloud-benefit.svg': illustration('chart', 480, 360, 1),
  'services/design.svg': illustration('design', 960, 480, 2),
  'services/design-benefit.svg': illustration('team', 480, 360, 3),
  'services/web.svg': illustration('web', 960, 480, 4),
  'services/web-benefit.svg': illustration('rocket', 480, 360, 5),
  'services/code.svg': illustration('code', 960, 480, 6),
  'services/code-benefit.svg': illustration('chart', 480, 360, 7),
  'services/ai.svg': illustration('ai', 960, 480, 8),
  'services/ai-benefit.svg': illustration('chart', 480, 360, 9),
  'services/shield.svg': illustration('shield', 960, 480, 10),
  'services/shield-benefit.svg': illustration('shield', 480, 360, 11),
  'services/approach.svg': illustration('rocket', 560, 560, 12),
  'portfolio/logistics.svg': illustration('cloud', 600, 360, 1),
  'portfolio/clinic.svg': illustration('web', 600, 360, 2),
  'portfolio/retail.svg': illustration('card', 600, 360, 3),
  'portfolio/bank.svg': illustration('shield', 600, 360, 4),
  'portfolio/school.svg': illustration('design', 600, 360, 5),
  'portfolio/factory.svg': illustration('ai', 600, 360, 6),
  'blog/nfc.svg': illustration('card', 600, 340, 7),
  'blog/cloud-costs.svg': illustration('cloud', 600, 340, 8),
  'blog/security.svg': illustration('shield', 600, 340, 9),
  'products/intro.svg': illustration('card', 720, 480, 0),
  'products/access.svg': illustration('door', 720, 480, 1),
  'products/loyalty.svg': illustration('gift', 720, 480, 2),
};

const PARTNERS = [
  'Harborline',
  'Northwind Labs',
  'Bayfront Health',
  'Sierra Freight',
  'Goldfinch Pay',
  'Redwood Schools',
  'Pier 9 Foods',
  'Lumen Energy',
];
PARTNERS.forEach((name, index) => {
  IMAGES[`partners/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`] = logo(name, index);
});
for (let i = 1; i <= 6; i++) IMAGES[`team/member-${i}.svg`] = avatar(i);

for (const [file, svg] of Object.entries(IMAGES)) {
  const target = path.join(OUT, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, svg);
}
console.log(`Wrote ${Object.keys(IMAGES).length} images to public/images.`);

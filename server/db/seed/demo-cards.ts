import type { PrintField } from '../../../common/card-design/personalisation.ts';

interface DemoCard {
  name: string;
  slug: string;
  sku: string;
  priceCents: number;
  category: string;
  description: string;
  stock: number | null;
  /** What its description promises to print (none: sold as it is). */
  personalFields?: PrintField[];
  packSize?: number;
}

/** The demo catalogue a new install starts with: 14 intro cards over five designs. */
export const demoCards: DemoCard[] = [
  {
    name: 'Classic Intro Card',
    slug: 'classic-intro-card-matte-black',
    sku: 'IC-CLS-MB',
    priceCents: 2499,
    category: 'Matte Black',
    description:
      'Our best-known intro card in a soft-touch matte black finish. One tap on any modern phone opens your digital business card: no app needed.',
    stock: null,
  },
  {
    name: 'Executive Intro Card',
    slug: 'executive-intro-card-metal-gold',
    sku: 'IC-EXE-MG',
    priceCents: 7999,
    category: 'Metal Gold',
    description:
      'Brushed stainless steel with a gold finish and laser-engraved details. Heavy in the hand, unforgettable on the table.',
    stock: 40,
  },
  {
    name: 'Eco Intro Card',
    slug: 'eco-intro-card-bamboo',
    sku: 'IC-ECO-BB',
    priceCents: 2999,
    category: 'Bamboo',
    description:
      'Sustainably grown bamboo with an embedded NFC chip. Every card is unique in its grain, and the chip works for years.',
    stock: null,
  },
  {
    name: 'Minimal Intro Card',
    slug: 'minimal-intro-card-pearl-white',
    sku: 'IC-MIN-PW',
    priceCents: 1999,
    category: 'Pearl White',
    description: 'A clean pearl-white PVC card with your name and logo printed edge to edge.',
    stock: null,
    personalFields: ['name', 'title', 'company', 'logo', 'qr'],
  },
  {
    name: 'Carbon Intro Card',
    slug: 'carbon-intro-card-carbon-fibre',
    sku: 'IC-CRB-CF',
    priceCents: 5999,
    category: 'Carbon Fibre',
    description:
      'Real carbon-fibre weave, light and rigid, with a hidden NFC inlay and a QR code on the back.',
    stock: 60,
    personalFields: ['qr'],
  },
  {
    name: 'Team Pack (5 cards)',
    slug: 'team-pack-matte-black',
    sku: 'IC-TEAM5-MB',
    priceCents: 10999,
    category: 'Matte Black',
    description:
      'Five matte black intro cards for your team, each printed with one person’s name, title and company on one proof and one order; each person claims their own card onto their own profile.',
    stock: null,
    personalFields: ['name', 'title', 'company'],
    packSize: 5,
  },
  {
    name: 'Founder Intro Card',
    slug: 'founder-intro-card-metal-gold',
    sku: 'IC-FND-MG',
    priceCents: 9999,
    category: 'Metal Gold',
    description:
      'A 24k gold-plated metal card with a mirror-polished edge, for the first impression that counts.',
    stock: 25,
  },
  {
    name: 'Studio Intro Card',
    slug: 'studio-intro-card-bamboo',
    sku: 'IC-STU-BB',
    priceCents: 3499,
    category: 'Bamboo',
    description: 'Bamboo with a laser-engraved logo on both sides, made for designers, studios and makers.',
    stock: null,
    personalFields: ['name', 'logo'],
  },
  {
    name: 'Event Badge Card',
    slug: 'event-badge-card-pearl-white',
    sku: 'IC-EVT-PW',
    priceCents: 1499,
    category: 'Pearl White',
    description:
      'A light pearl-white card for conferences and trade fairs: visitors tap it and keep your contact details.',
    stock: null,
  },
  {
    name: 'Stealth Intro Card',
    slug: 'stealth-intro-card-matte-black',
    sku: 'IC-STL-MB',
    priceCents: 3999,
    category: 'Matte Black',
    description:
      'Black on black: a spot-gloss print on matte black that only shows when the light catches it.',
    stock: null,
  },
  {
    name: 'Racing Intro Card',
    slug: 'racing-intro-card-carbon-fibre',
    sku: 'IC-RCE-CF',
    priceCents: 6499,
    category: 'Carbon Fibre',
    description: 'Carbon fibre with a sky-blue accent stripe, inspired by motorsport liveries.',
    stock: 30,
  },
  {
    name: 'Heritage Intro Card',
    slug: 'heritage-intro-card-bamboo',
    sku: 'IC-HER-BB',
    priceCents: 3299,
    category: 'Bamboo',
    description: '',
    stock: null,
  },
  {
    name: 'Signature Intro Card',
    slug: 'signature-intro-card-pearl-white',
    sku: 'IC-SIG-PW',
    priceCents: 2299,
    category: 'Pearl White',
    description: 'Pearl white with your handwritten signature printed in deep blue, for a personal touch.',
    stock: null,
    personalFields: ['name', 'title', 'signature', 'qr'],
  },
  {
    name: 'Prestige Intro Card',
    slug: 'prestige-intro-card-metal-gold',
    sku: 'IC-PRS-MG',
    priceCents: 12999,
    category: 'Metal Gold',
    description:
      'Solid brass with a gold finish and a numbered limited edition, delivered in a wooden gift box.',
    stock: 10,
  },
];

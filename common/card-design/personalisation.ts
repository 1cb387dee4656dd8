/**
 * What a buyer may have printed on a card that offers personalisation. The catalogue says, per card, which
 * of these fields it offers (`cards.personal_fields`); an order line keeps one `PrintedCard` per printed card.
 */
export const PRINT_FIELDS = ['name', 'title', 'company', 'logo', 'signature', 'qr'] as const;
export type PrintField = (typeof PRINT_FIELDS)[number];

export const PRINT_FIELD_LABELS: Record<PrintField, string> = {
  name: 'Printed name',
  title: 'Job title',
  company: 'Company',
  logo: 'Logo',
  signature: 'Signature',
  qr: 'QR code to your card on the back',
};

/** The longest text accepted at all; whether it fits is the drawing's question (card-design/fit). */
export const PRINT_TEXT_MAX_LENGTH = { name: 60, title: 80, company: 80 } as const;

/** The most cards one line may carry personalisations for (a Team Pack is 5). */
export const MAX_PACK_SIZE = 50;

/** The most printed cards one order may carry: each is drawn and made into a print file as it is placed. */
export const MAX_PRINTED_PER_ORDER = 50;

/** One printed card: the texts typed, the uploads chosen (ids of `design_uploads`), and the back-side QR. */
export interface PrintedCard {
  name?: string;
  title?: string;
  company?: string;
  logo?: number;
  signature?: number;
  /** The QR on the back opens the owner's card page; it needs a username to point at. */
  qr?: boolean;
}

/** The card itself: ISO/IEC 7810 ID-1, 85.60 × 53.98 mm, drawn with 3 mm bleed for print. */
export const CARD_SIZE_MM = { width: 85.6, height: 53.98 } as const;
export const BLEED_MM = 3;
export const PRINT_DPI = 300;
/**
 * A logo or signature as kept: its place on the card is at most 34 mm wide, 402 px at 300 dpi, so 800 px on
 * the long side is twice what prints; 1 MB holds any picture that size once its colours are reduced.
 */
export const DESIGN_PICTURE_CAP = { side: 800, bytes: 1024 * 1024 } as const;

// What a tax document says of its tax: the tax's name and the net and tax amounts per rate (decision 064).
import { bpToPercent } from '../../../common/tax-rate.ts';
import type { TaxTreatment } from '../../../common/vat-id.ts';
import type { Seller } from './seller.ts';

/** "VAT 20 %"; "Sales tax 8.25 %" for a seller in the US (no VAT there); "VAT 0 % (reverse charge)". */
export function taxName(seller: Pick<Seller, 'address'>, treatment: TaxTreatment, rateBp: number): string {
  if (treatment === 'reverse_charge') return 'VAT 0 % (reverse charge)';
  return `${seller.address.countryCode === 'US' ? 'Sales tax' : 'VAT'} ${bpToPercent(rateBp)} %`;
}

/**
 * A part of an invoice's total split as the invoice was: its tax in the invoice's proportion, rounded half up
 * to the cent, the rest net. A whole invoice's total splits into exactly its own net and tax.
 */
export function splitGross(
  grossCents: number,
  invoice: { taxCents: number; totalCents: number },
): { netCents: number; taxCents: number } {
  if (invoice.totalCents === 0) return { netCents: grossCents, taxCents: 0 };
  const taxCents = Math.floor(
    (2 * grossCents * invoice.taxCents + invoice.totalCents) / (2 * invoice.totalCents),
  );
  return { netCents: grossCents - taxCents, taxCents };
}

// What a tax document says of its tax: the tax's name and the net and tax amounts per rate (decision 064).
import { bpToPercent } from '../../../common/tax-rate.ts';
import type { TaxTreatment } from '../../../common/vat-id.ts';
import type { Seller } from './seller.ts';

/** "VAT 20 %"; "Sales tax 8.25 %" for a seller in the US (no VAT there); "VAT 0 % (exempt)". */
export function taxName(seller: Pick<Seller, 'address'>, treatment: TaxTreatment, rateBp: number): string {
  if (treatment === 'reverse_charge') return 'VAT 0 % (exempt)';
  return `${seller.address.countryCode === 'US' ? 'Sales tax' : 'VAT'} ${bpToPercent(rateBp)} %`;
}

/** The invoice's tax on a share of its total, rounded half up to the cent. */
function taxShare(grossCents: number, invoice: { taxCents: number; totalCents: number }): number {
  if (invoice.totalCents === 0) return 0;
  return Math.floor((2 * grossCents * invoice.taxCents + invoice.totalCents) / (2 * invoice.totalCents));
}

/**
 * A part of an invoice's total split as the invoice was, after `beforeCents` already credited: its tax is the
 * tax on everything credited once it is added less the tax on what was credited before. Rounded on the running
 * sum, never per part, so the parts always add up to the invoice's own net and tax, and the part that brings
 * the sum to the total takes exactly what is left.
 */
export function splitGross(
  grossCents: number,
  invoice: { taxCents: number; totalCents: number },
  beforeCents = 0,
): { netCents: number; taxCents: number } {
  const taxCents = taxShare(beforeCents + grossCents, invoice) - taxShare(beforeCents, invoice);
  return { netCents: grossCents - taxCents, taxCents };
}

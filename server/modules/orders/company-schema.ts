import { z } from 'zod';
import { countryName, isCountryCode } from '../../../common/countries.ts';
import { COMPANY_BILLING_MESSAGES as M } from '../../../common/messages/company-billing.ts';
import { normalVatId, vatIdProblem } from '../../../common/vat-id.ts';

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/**
 * "Buying for a company": who the invoice is made out to. Optional in an order and a quote; without it the
 * order is a person's, as before. The VAT ID is optional too (not every company has one) and, when given,
 * must have its billing country's shape; it is stored compact with its prefix.
 */
export const billingCompanySchema = z
  .strictObject({
    name: text(200, M.name),
    address: text(200, M.address),
    postal_code: z.string({ error: M.postalCode }).trim().max(40, M.postalCode).optional().default(''),
    city: text(100, M.city),
    country_code: z
      .string({ error: M.country })
      .trim()
      .max(2, M.country)
      .toUpperCase()
      .refine((code) => isCountryCode(code), M.country),
    vat_id: z
      .string()
      .max(40)
      .optional()
      .transform((value) => (value?.trim() ? value : undefined))
      .describe('As typed; spaces, dots and dashes are ignored, and the country prefix may be left out.'),
  })
  .superRefine((company, context) => {
    if (company.vat_id === undefined || !isCountryCode(company.country_code)) return;
    const problem = vatIdProblem(company.vat_id, company.country_code, countryName(company.country_code));
    if (problem) context.addIssue({ code: 'custom', path: ['vat_id'], message: problem });
  })
  .transform((company) => ({
    ...company,
    vat_id: company.vat_id === undefined ? null : (normalVatId(company.vat_id, company.country_code) ?? null),
  }))
  .describe('Buying for a company: the name, billing address and VAT ID the invoice is made out to.');

export type BillingCompany = z.output<typeof billingCompanySchema>;

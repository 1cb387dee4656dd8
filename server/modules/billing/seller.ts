import { company } from '../../../content/company.ts';
import { ConfigError } from '../../config.ts';
import { ibanChecks } from './epc-qr.ts';

/** Who issues the documents: the firm's details as data, so the billing module works for any seller. */
export interface Seller {
  name: string;
  legalName: string;
  address: { lines: readonly string[]; postalCode: string; city: string; countryCode: string };
  email: string;
  phone: string;
  /** `vat`: the VAT number an exempt EU supply prints as the supplier's; `other`: any other (EIN, tax number). */
  taxNumbers: ReadonlyArray<{ kind: 'vat' | 'other'; label: string; value: string }>;
  /** ISO 4217: "USD", "EUR". */
  currency: string;
  termsDays: number;
  bank: {
    bank?: string | undefined;
    accountName: string;
    routingNumber?: string | undefined;
    accountNumber?: string | undefined;
    swift?: string | undefined;
    iban?: string | undefined;
    bic?: string | undefined;
  };
}

/** The firm of content/company.ts. */
export function firmSeller(): Seller {
  const { payment } = company;
  return {
    name: company.name,
    legalName: company.legalName,
    address: company.registeredAddress,
    email: company.email,
    phone: company.phone,
    taxNumbers: company.taxNumbers,
    currency: company.currency,
    termsDays: payment.termsDays,
    bank: {
      bank: payment.bank,
      accountName: payment.accountName,
      routingNumber: payment.routingNumber,
      accountNumber: payment.accountNumber,
      swift: payment.swift,
      iban: payment.iban,
      bic: payment.bic,
    },
  };
}

/** Refuses to start with an IBAN that fails its check digits: every invoice and QR code would print it. */
export function assertSellerIban(seller: Seller = firmSeller()): void {
  const { iban } = seller.bank;
  if (iban !== undefined && !ibanChecks(iban))
    throw new ConfigError(
      `content/company.ts: payment.iban "${iban}" is not a valid IBAN (its check digits do not match): copy it again from the bank's statement.`,
    );
}

/** Where the city and postal code go on an address's line: "San Francisco, CA 94111", "10117 Berlin". */
export function cityLine(postalCode: string | null, city: string | null, countryCode: string | null): string {
  const code = postalCode ?? '';
  const town = city ?? '';
  if (countryCode && ['US', 'CA', 'AU'].includes(countryCode)) return [town, code].filter(Boolean).join(', ');
  if (countryCode && ['GB', 'IE'].includes(countryCode)) return [town, code].filter(Boolean).join(' ');
  return [code, town].filter(Boolean).join(' ');
}

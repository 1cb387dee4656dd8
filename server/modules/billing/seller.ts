import { company } from '../../../content/company.ts';

/** Who issues the documents: the firm's details as data, so the billing module works for any seller. */
export interface Seller {
  name: string;
  legalName: string;
  address: { lines: readonly string[]; postalCode: string; city: string; countryCode: string };
  email: string;
  phone: string;
  taxNumbers: ReadonlyArray<{ label: string; value: string }>;
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

/** Where the city and postal code go on an address's line: "San Francisco, CA 94111", "10117 Berlin". */
export function cityLine(postalCode: string | null, city: string | null, countryCode: string | null): string {
  const code = postalCode ?? '';
  const town = city ?? '';
  if (countryCode && ['US', 'CA', 'AU'].includes(countryCode)) return [town, code].filter(Boolean).join(', ');
  if (countryCode && ['GB', 'IE'].includes(countryCode)) return [town, code].filter(Boolean).join(' ');
  return [code, town].filter(Boolean).join(' ');
}

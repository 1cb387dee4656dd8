/** Who the firm is: edit this file to rebrand the site. */
export const company = {
  name: 'Nexa Digital',
  legalName: 'Nexa Digital, Inc.',
  founded: 2014,
  tagline: 'IT services and smart intro cards',
  email: 'hello@nexa-digital.example',
  salesEmail: 'sales@nexa-digital.example',
  supportEmail: 'support@nexa-digital.example',
  phone: '+1 (555) 014-2200',
  address: '410 Market Street, Suite 12, San Francisco, CA 94111',
  /** The registered address invoices print, as its parts (the country decides the tax rules: decision 064). */
  registeredAddress: {
    lines: ['410 Market Street, Suite 12'],
    postalCode: 'CA 94111',
    city: 'San Francisco',
    countryCode: 'US',
  },
  /**
   * Tax registration numbers printed on invoices, each with its label (e.g. "VAT number", "EIN") and kind:
   * 'vat' for the VAT number (printed as the supplier's on an exempt EU supply), 'other' for any other.
   */
  taxNumbers: [{ kind: 'other', label: 'EIN', value: '00-0000000' }] as Array<{
    kind: 'vat' | 'other';
    label: string;
    value: string;
  }>,
  /** The shop's currency (ISO 4217): prices, invoices and the EPC payment QR (drawn only for EUR with an IBAN). */
  currency: 'USD',
  hours: 'Monday to Friday, 8:30 am to 6 pm Pacific',
  /** How invoices are paid: by bank transfer (demo account details, like the rest of this file). */
  payment: {
    termsDays: 14,
    bank: 'Example Community Bank',
    accountName: 'Nexa Digital, Inc.',
    routingNumber: '000000000',
    accountNumber: '000123456789',
    swift: 'EXAMPLEXXX',
    /** For transfers in the euro area: with currency 'EUR', invoices print them and an EPC QR code. */
    iban: undefined as string | undefined,
    bic: undefined as string | undefined,
  },
  map: { lat: 37.7904, lon: -122.3985, zoom: 17, label: 'Nexa Digital, 410 Market Street, San Francisco' },
  socials: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/nexa-digital-example' },
    { label: 'GitHub', href: 'https://github.com/nexa-digital-example' },
    { label: 'X', href: 'https://x.com/nexadigital_example' },
    { label: 'YouTube', href: 'https://www.youtube.com/@nexadigital-example' },
  ],
} as const;

/** What the billing pages and calls say: invoice downloads (someone else's order reads the same) and shipping and tax rates. */
export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found.',
  creditNoteNotFound: 'Credit note not found.',
  documentNotFound: 'No invoice or credit note of this order has that number.',
  zoneName: 'Name the shipping zone (1 to 60 characters).',
  zoneRate: 'Enter the shipping rate in dollars, e.g. 4.90.',
  zoneDefault: 'Default can only be set to true: choose another zone as the default to change it.',
  zoneNameTaken: 'A shipping zone with this name already exists.',
  zoneNotFound: 'Shipping zone not found.',
  zoneInUse: (countries: number) =>
    `This zone still ships to ${countries} ${countries === 1 ? 'country' : 'countries'}: move ${
      countries === 1 ? 'it' : 'them'
    } to another zone first.`,
  zoneIsDefault:
    'The default zone prices every country not listed and cannot be deleted: make another zone the default first.',
  country: 'Choose a country (its two-letter ISO code).',
  countryNotFound: 'This country has no rate of its own.',
  countryZone: 'Choose the shipping zone.',
  taxRate: 'Enter the tax rate as a percentage from 0 to 100, with at most two decimals (e.g. 20 or 7.5).',
} as const;

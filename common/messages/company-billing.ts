/** What checkout says about buying for a company (decision 064). */
export const COMPANY_BILLING_MESSAGES = {
  name: 'Enter the company’s name (at most 200 characters).',
  address: 'Enter the billing address (at most 200 characters).',
  city: 'Enter the city (at most 100 characters).',
  postalCode: 'The postal code is at most 40 characters.',
  country: 'Choose the billing country.',
  incomplete: 'Priced as a personal order until the company’s details are complete.',
  reverseCharge:
    'No VAT: an exempt intra-Community supply of goods. You account for the VAT where they arrive.',
} as const;

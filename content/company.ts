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
  hours: 'Monday to Friday, 8:30 am to 6 pm Pacific',
  /** How invoices are paid: by bank transfer (demo account details, like the rest of this file). */
  payment: {
    termsDays: 14,
    bank: 'Example Community Bank',
    accountName: 'Nexa Digital, Inc.',
    routingNumber: '000000000',
    accountNumber: '000123456789',
    swift: 'EXAMPLEXXX',
  },
  map: { lat: 37.7904, lon: -122.3985, zoom: 17, label: 'Nexa Digital, 410 Market Street, San Francisco' },
  socials: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/nexa-digital-example' },
    { label: 'GitHub', href: 'https://github.com/nexa-digital-example' },
    { label: 'X', href: 'https://x.com/nexadigital_example' },
    { label: 'YouTube', href: 'https://www.youtube.com/@nexadigital-example' },
  ],
} as const;

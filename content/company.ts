/** Who the firm is: edit this file to rebrand the site. */
export const company = {
  name: 'Nexa Digital',
  tagline: 'IT services and smart intro cards',
  email: 'hello@nexa-digital.example',
  phone: '+1 (555) 014-2200',
  address: '410 Market Street, Suite 12, San Francisco, CA 94111',
} as const;

/** The owner's exchanged contacts on /profile and their API. */
export const CONTACT_MESSAGES = {
  notFound: 'Contact not found.',
  confirmDeleteAll: 'Send { "confirm": true } to delete every contact.',
} as const;

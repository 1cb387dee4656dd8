import { buildVCard, type ContactCard } from '../../../common/vcard.ts';
import { describeVisit } from '../../../common/visit-source.ts';
import type { ExchangedContactRow } from '../../db/schema/index.ts';

type ExchangedContact = Pick<
  ExchangedContactRow,
  'name' | 'email' | 'phone' | 'company' | 'jobTitle' | 'note' | 'source' | 'cardSerial' | 'createdAt'
>;

/**
 * The one mapping from an exchanged contact to an address-book entry: the owner's mail attachment and the
 * contacts export. People type one name field, so it is the formatted name; the note says where they met.
 */
function exchangedContactCard(contact: ExchangedContact): ContactCard {
  const met = `Shared through your intro card (${describeVisit({
    source: contact.source,
    card: contact.cardSerial,
  })}) on ${contact.createdAt.toISOString().slice(0, 10)}.`;
  return {
    firstName: contact.name,
    lastName: '',
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    jobTitle: contact.jobTitle,
    bio: [contact.note.trim(), met].filter(Boolean).join('\n\n'),
  };
}

/** The .vcf text of one exchanged contact. */
export function exchangedContactVCard(contact: ExchangedContact): string {
  return buildVCard(exchangedContactCard(contact));
}

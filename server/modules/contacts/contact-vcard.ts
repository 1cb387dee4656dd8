import { splitFullName } from '../../../common/full-name.ts';
import { buildVCard, type ContactCard } from '../../../common/vcard.ts';
import { describeVisit } from '../../../common/visit-source.ts';
import type { ExchangedContactRow } from '../../db/schema/index.ts';

type ExchangedContact = Pick<
  ExchangedContactRow,
  'name' | 'email' | 'phone' | 'company' | 'jobTitle' | 'note' | 'source' | 'cardSerial' | 'createdAt'
>;

/**
 * The one mapping from an exchanged contact to an address-book entry: the owner's mail attachment and the
 * contacts export. People type one name field: it is split as a profile's full name is (given name, then
 * family name), so an address book files "Émilie du Châtelet" under "du Châtelet"; the note says where they met.
 */
function exchangedContactCard(contact: ExchangedContact): ContactCard {
  const met = `Shared through your intro card (${describeVisit({
    source: contact.source,
    card: contact.cardSerial,
  })}) on ${contact.createdAt.toISOString().slice(0, 10)}.`;
  const { first_name, last_name } = splitFullName(contact.name);
  return {
    firstName: first_name,
    lastName: last_name,
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

import { vcardFileName } from '../../common/vcard.ts';
import { company } from '../../content/company.ts';
import type { MailMessage } from './message.ts';
import { greetingName, layout, text, withoutLinks } from './templates.ts';

const VCARD_TYPE = 'text/vcard; charset=utf-8';

/** What a person shared from a card page, as they typed it (already validated). */
interface SharedDetails {
  name: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  note: string;
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

function detailLines(details: Omit<SharedDetails, 'note'>): string[] {
  return [
    `Name: ${details.name}`,
    ...(details.email ? [`E-mail: ${details.email}`] : []),
    ...(details.phone ? [`Phone: ${details.phone}`] : []),
    ...(details.company ? [`Company: ${details.company}`] : []),
    ...(details.jobTitle ? [`Job title: ${details.jobTitle}`] : []),
  ];
}

/** To the card's owner: who shared what, from where, with the person's .vcf attached. */
export function exchangeOwnerMail(
  owner: { email: string; firstName: string },
  details: SharedDetails,
  where: string,
  vcard: string,
  contactsUrl: string,
): MailMessage {
  const name = oneLine(details.name);
  const lines = [
    `Hello ${greetingName(owner.firstName)},`,
    `${name} shared their details with you through your intro card (${where}).`,
    ...detailLines({ ...details, name }),
    ...(details.note ? [`Note: ${details.note}`] : []),
    'Their contact card is attached: open it to add them to your address book. Everyone who shared their details with you is listed under Contacts on your profile.',
  ];
  return {
    to: owner.email,
    subject: `${name} shared their details with you`,
    text: text(lines, contactsUrl),
    html: layout(`${name} shared their details with you`, lines, {
      label: 'See my contacts',
      url: contactsUrl,
    }),
    ...(details.email ? { replyTo: details.email } : {}),
    attachments: [{ filename: vcardFileName(name, ''), contentType: VCARD_TYPE, content: vcard }],
  };
}

/**
 * To the person, at the address they typed (which nobody proved is theirs): what they sent, without the
 * note and without links in their text, so the form cannot carry a message to a stranger. Nor anything of
 * the owner's beyond their name: no card, bio, links or link to the card, since an owner signed out is a
 * visitor of their own card and could otherwise mail them to any address. The person who really shared was
 * on the card's page and can save the card from there.
 */
export function exchangeCopyMail(
  to: string,
  ownerFullName: string,
  details: Omit<SharedDetails, 'note'>,
): MailMessage {
  const plain = (value: string) => withoutLinks(value, 100);
  const ownerName = plain(ownerFullName) || 'a card owner';
  const lines = [
    'Hello,',
    `You shared these details with ${ownerName} through their intro card at ${company.name}:`,
    ...detailLines({
      name: plain(details.name) || '(not shown)',
      email: details.email,
      phone: details.phone,
      company: plain(details.company),
      jobTitle: plain(details.jobTitle),
    }),
    `To keep ${ownerName} in your contacts, use “Save contact” on their card where you found it.`,
    'If it was not you, someone typed your address: you can ignore this e-mail. No account was made with it, and copies to one address are limited to a few an hour.',
  ];
  return {
    to,
    subject: `You shared your details with ${ownerName}`,
    text: text(lines),
    html: layout(`You shared your details with ${ownerName}`, lines),
  };
}

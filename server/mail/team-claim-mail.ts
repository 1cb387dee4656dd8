import { company } from '../../content/company.ts';
import type { MailMessage } from './message.ts';
import { greetingName, layout, text, withoutLinks } from './templates.ts';

interface TeamCard {
  /** The buyer's name as they entered it, and their (verified) login address. */
  buyerName: string;
  buyerEmail: string;
  cardName: string;
  display: string;
  /** The name printed on the card, when it has one. */
  printedName: string | null;
}

/** To a Team Pack member when their card ships: who ordered it, what is printed, and the link to claim it. */
export function teamCardMail(to: string, card: TeamCard, url: string): MailMessage {
  // The buyer's name is their own text (greetingName drops links from it); the address is one they proved.
  const name = card.buyerName.trim() ? greetingName(card.buyerName) : '';
  const who = name && name !== 'there' ? `${name} (${card.buyerEmail})` : card.buyerEmail;
  const printedName = card.printedName ? withoutLinks(card.printedName, 80) : '';
  const printed = printedName ? `, printed for ${printedName}` : '';
  const lines = [
    'Hello,',
    `${who} ordered a ${company.name} intro card for you: ${card.cardName}${printed}, serial ${card.display}. It is on its way to them.`,
    `Claim it onto your own profile with a ${company.name} account for this address (${to}); you can create one on the way. Once it is yours, a tap on the card opens your own page, with the details you choose to show.`,
    'Until you claim it, the card is kept for this address: no other account can claim it.',
  ];
  return {
    to,
    subject: `Your intro card from ${company.name} is on its way`,
    text: text(lines, url),
    html: layout('Your intro card is on its way', lines, { label: 'Claim my card', url }),
    link: url,
  };
}

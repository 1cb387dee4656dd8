import { company } from '../../content/company.ts';
import type { MailMessage } from './message.ts';
import { greetingName, layout, text } from './templates.ts';

interface Offer {
  /** The giver's name as they entered it, and their (verified) login address. */
  fromName: string;
  fromEmail: string;
  cardName: string;
  display: string;
}

/** To the person an owner offers a card to: who offers which card, what accepting does, the link. */
export function cardOfferMail(to: string, offer: Offer, url: string): MailMessage {
  // The name is the giver's own text (greetingName drops links from it); the address is one they proved.
  const name = offer.fromName.trim() ? greetingName(offer.fromName) : '';
  const who = name && name !== 'there' ? `${name} (${offer.fromEmail})` : offer.fromEmail;
  const lines = [
    'Hello,',
    `${who} offers you their ${company.name} intro card: ${offer.cardName}, serial ${offer.display}.`,
    `If you accept, the card becomes yours: a tap on it opens your own profile instead of theirs. Accept with a ${company.name} account for this address (${to}); you can create one on the way. The link works for 7 days.`,
    'Nothing changes until you accept. If you do not know the sender, ignore this e-mail.',
  ];
  return {
    to,
    subject: `An intro card is offered to you at ${company.name}`,
    text: text(lines, url),
    html: layout('An intro card is offered to you', lines, { label: 'See the offer', url }),
    link: url,
  };
}

/** To the previous owner once the recipient accepted: the card is no longer theirs. */
export function cardTransferredMail(
  to: string,
  firstName: string,
  card: { cardName: string; display: string; toEmail: string },
  profileUrl: string,
): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    `${card.toEmail} accepted your offer: the ${card.cardName} with serial ${card.display} is now theirs, and a tap on it opens their profile.`,
    `If you did not offer this card, contact us at ${company.email} or ${company.phone}.`,
  ];
  return {
    to,
    subject: `Your intro card ${card.display} was transferred`,
    text: text(lines, profileUrl),
    html: layout('Your intro card was transferred', lines, { label: 'See my cards', url: profileUrl }),
  };
}

import { company } from '../../content/company.ts';
import type { MailMessage } from './message.ts';
import { greetingName, layout, text } from './templates.ts';

interface ProofMailFacts {
  firstName: string;
  orderNumber: string;
  version: number;
  /** The signed link to the proof page. */
  url: string;
}

/** The proof itself, attached, with the link to approve it or ask for changes. */
export function proofMail(
  to: string,
  facts: ProofMailFacts & { note: string; pdf: Buffer; corrected: boolean },
): MailMessage {
  const lines = [
    `Hello ${greetingName(facts.firstName)},`,
    facts.corrected
      ? `Here is the corrected proof (version ${facts.version}) of your order ${facts.orderNumber}. Please check every card: names, spelling, titles and pictures.`
      : `Here is the proof (version ${facts.version}) of your order ${facts.orderNumber}: exactly what we will print. Please check every card: names, spelling, titles and pictures.`,
    ...(facts.note ? [`Note from ${company.name}: ${facts.note}`] : []),
    'Approve it, or tell us what to change, with the button below. We print only once you approve; your order is confirmed then. The link works for 30 days; you can also review the proof from your profile.',
  ];
  return {
    to,
    subject: `Please approve the proof of your order ${facts.orderNumber}`,
    text: text(lines, facts.url),
    html: layout(`Proof of order ${facts.orderNumber}`, lines, { label: 'Review the proof', url: facts.url }),
    link: facts.url,
    attachments: [
      {
        filename: `proof-${facts.orderNumber}-v${facts.version}.pdf`,
        contentType: 'application/pdf',
        content: facts.pdf.toString('base64'),
        encoding: 'base64',
      },
    ],
  };
}

/** Three days without an answer: the proof is still waiting, and so is the order. */
export function proofReminderMail(to: string, facts: ProofMailFacts): MailMessage {
  const lines = [
    `Hello ${greetingName(facts.firstName)},`,
    `The proof (version ${facts.version}) of your order ${facts.orderNumber} is still waiting for your answer. We print your cards once you approve it.`,
    'Approve it, or tell us what to change, with the button below.',
  ];
  return {
    to,
    subject: `Reminder: the proof of your order ${facts.orderNumber} is waiting`,
    text: text(lines, facts.url),
    html: layout(`Proof of order ${facts.orderNumber} is waiting`, lines, {
      label: 'Review the proof',
      url: facts.url,
    }),
    link: facts.url,
  };
}

/** To the firm: the customer asked for a change, with their note. */
export function proofChangesMail(
  to: string,
  facts: { orderNumber: string; version: number; customer: string; note: string; adminUrl: string },
): MailMessage {
  const lines = [
    `${facts.customer} asked for changes to the proof (version ${facts.version}) of order ${facts.orderNumber}:`,
    facts.note,
    'Send a corrected proof from the order page.',
  ];
  return {
    to,
    subject: `Changes requested: proof of order ${facts.orderNumber}`,
    text: text(lines, facts.adminUrl),
    html: layout(`Changes requested for order ${facts.orderNumber}`, lines, {
      label: 'Open the order',
      url: facts.adminUrl,
    }),
  };
}

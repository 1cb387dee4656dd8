// What the buyer is told of their order's money: how to pay it, a payment received, a reminder when due.
import { company } from '../../content/company.ts';
import type { OrderPayment } from '../modules/payments/responses.ts';
import type { MailMessage } from './message.ts';
import { greetingName, howToPayLines, layout, text } from './templates.ts';

const dueDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

interface OrderFacts {
  firstName: string;
  number: string;
  payment: OrderPayment;
  /** Where the order is shown: /profile#order-{number}. */
  url: string;
}

/** A payment recorded (by hand, by card, from the bank's statement): what came in and what is left. */
export function paymentReceivedMail(to: string, facts: OrderFacts & { amount: string }): MailMessage {
  const left =
    facts.payment.owed !== '0.00'
      ? `Still to pay: $${facts.payment.owed}.`
      : facts.payment.owed_back !== '0.00'
        ? `That is $${facts.payment.owed_back} more than the order comes to: we will refund it.`
        : 'Your order is paid in full. Thank you.';
  const lines = [
    `Hello ${greetingName(facts.firstName)},`,
    `We received your payment of $${facts.amount} for order ${facts.number}. ${left}`,
    ...howToPayLines(facts.payment),
  ];
  return {
    to,
    subject: `Payment received for your ${company.name} order ${facts.number}`,
    text: text(lines, facts.url),
    html: layout(`Payment received for order ${facts.number}`, lines, {
      label: 'See my order',
      url: facts.url,
    }),
  };
}

/** A polite reminder on the due date, then 7 and 14 days after. */
export function paymentReminderMail(to: string, facts: OrderFacts & { stage: number }): MailMessage {
  const due = facts.payment.due_at ? dueDate.format(new Date(facts.payment.due_at)) : null;
  const when = facts.stage === 0 || !due ? 'is due today' : `was due on ${due}`;
  const lines = [
    `Hello ${greetingName(facts.firstName)},`,
    `A friendly reminder: the invoice for your order ${facts.number} ${when}, and $${facts.payment.owed} of it is still open.`,
    ...howToPayLines(facts.payment),
    `If you have already paid, thank you, and please ignore this message: transfers can take a few days to reach us. If something is wrong with the invoice, reply to this e-mail or write to ${company.email}.`,
  ];
  return {
    to,
    subject: `Reminder: payment for your ${company.name} order ${facts.number}`,
    text: text(lines, facts.url),
    html: layout(`Payment reminder for order ${facts.number}`, lines, {
      label: 'See my order',
      url: facts.url,
    }),
  };
}

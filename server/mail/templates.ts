import { cardPageShows } from '../../common/messages/profiles.ts';
import { orderChargeLines } from '../../common/order-charges.ts';
import { ORDER_STATUS_LABELS } from '../../common/order-status.ts';
import { company } from '../../content/company.ts';
import type { InvoiceRow, LeadRow } from '../db/schema/index.ts';
import { invoiceAttachment } from '../modules/billing/invoices.ts';
import type { Order } from '../modules/orders/responses.ts';
import type { MailMessage } from './message.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[char] ?? char,
  );
}

/**
 * A paragraph that ends with an address: a link in the HTML and the bare address on a line of its own in the
 * text, so no punctuation sticks to it and a mail client's own linking takes it whole.
 */
export interface LinkLine {
  lead: string;
  url: string;
}

export type MailLine = string | LinkLine;

// Long words (addresses, e-mails, order lines) wrap rather than widen a phone's screen.
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';
const LINK_STYLE = 'color:#1d4ed8;word-break:break-all';

function paragraphHtml(line: MailLine): string {
  const inner =
    typeof line === 'string'
      ? escapeHtml(line)
      : `${escapeHtml(line.lead)} <a href="${escapeHtml(line.url)}" style="${LINK_STYLE}">${escapeHtml(line.url)}</a>`;
  return `<p style="margin:0 0 16px">${inner}</p>`;
}

export function layout(
  title: string,
  paragraphs: MailLine[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map(paragraphHtml).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the button does not work, open this link: <a href="${escapeHtml(action.url)}" style="${LINK_STYLE}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:Arial,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:24px 16px;${WRAP}"><h1 style="font-size:20px;color:#0b1b3a">${escapeHtml(title)}</h1>${body}${button}<p style="margin-top:32px;font-size:13px;color:#6b7280">${escapeHtml(company.name)}</p></body></html>`;
}

export function text(paragraphs: MailLine[], url?: string): string {
  const lines = paragraphs.map((line) => (typeof line === 'string' ? line : `${line.lead}\n${line.url}`));
  return `${[...lines, ...(url ? [url] : [])].join('\n\n')}\n\n${company.name}\n`;
}

/**
 * A stranger's text in a mail to an address nobody proved: links and domain-like words are dropped and the
 * length is capped, so the site cannot be used to deliver someone's link.
 */
export function withoutLinks(value: string, max: number): string {
  return value
    .replace(/\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/gi, ' ')
    .replace(/\S*[a-z0-9-]\.[a-z]{2,}\S*/gi, ' ')
    .replace(/[\s<>]+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * The one piece of a visitor's own text an account mail carries: anyone can register with someone
 * else's address (see `withoutLinks`).
 */
export function greetingName(firstName: string): string {
  return withoutLinks(firstName, 50) || 'there';
}

export function activationMail(to: string, firstName: string, url: string, cardPageUrl: string): MailMessage {
  const lines: MailLine[] = [
    `Hello ${greetingName(firstName)},`,
    `Welcome to ${company.name}. Please confirm your e-mail address to activate your account. The link works for 3 days.`,
    { lead: 'Your card page:', url: cardPageUrl },
    `${cardPageShows()} You choose what else it shows on your profile page.`,
  ];
  return {
    to,
    subject: `Activate your ${company.name} account`,
    text: text(lines, url),
    html: layout('Activate your account', lines, { label: 'Activate my account', url }),
    link: url,
  };
}

export function resetMail(to: string, firstName: string, url: string): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    'Someone asked to reset the password of your account. If it was you, choose a new password with the link below; it works for 1 hour. If it was not you, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to,
    subject: `Reset your ${company.name} password`,
    text: text(lines, url),
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
    link: url,
  };
}

export function alreadyRegisteredMail(to: string, loginUrl: string, forgotUrl: string): MailMessage {
  const lines: MailLine[] = [
    'Hello,',
    `Someone tried to create a ${company.name} account with this e-mail address, which already has one. If it was you, log in, or reset your password if you have forgotten it. If it was not you, you can ignore this e-mail.`,
    { lead: 'Log in:', url: loginUrl },
    { lead: 'Reset your password:', url: forgotUrl },
  ];
  return {
    to,
    subject: `Someone tried to register with your e-mail at ${company.name}`,
    text: text(lines),
    html: layout('You already have an account', lines, { label: 'Log in', url: loginUrl }),
  };
}

/** The order's lines and totals as plain text, for both order e-mails. */
function orderSummary(order: Order): string[] {
  const lines = order.items.flatMap((item) => [
    `${item.quantity} × ${item.name} (${item.design}, ${item.sku}) at $${item.unit_price} = $${item.line_total}`,
    ...item.printed.map(
      (card) =>
        `  Printed: ${[card.name, card.title, card.company].filter(Boolean).join(' · ') || 'pictures only'}${card.member_email ? ` (for ${card.member_email}${card.serial ? `, card ${card.serial}` : ''})` : ''}`,
    ),
  ]);
  const a = order.address;
  const address = [a.address, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ');
  return [
    ...lines,
    ...orderChargeLines(order).map((line) => `${line.label}: $${line.amount}`),
    `Total: $${order.total} (${order.card_count} ${order.card_count === 1 ? 'card' : 'cards'})`,
    `Ships to: ${address}`,
  ];
}

const dueDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** How to pay what an order still owes by bank transfer: the amount, by when, and the reference to quote. */
export function howToPayLines(payment: Order['payment']): string[] {
  if (payment.owed === '0.00') return [];
  const { bank, accountName, routingNumber, accountNumber } = company.payment;
  const transfer = `by bank transfer to ${accountName}, ${bank}, routing ${routingNumber}, account ${accountNumber}, quoting this reference so that we find your payment at once: ${payment.rf_reference}`;
  return payment.due_at
    ? [`To pay: $${payment.owed} by ${dueDate.format(new Date(payment.due_at))}, ${transfer}.`]
    : [
        `You pay once we confirm the order: $${payment.owed}, ${transfer}. The invoice we send with the confirmation says the date.`,
      ];
}

/** Where the firm takes cards and the order owes: the card's way to pay, beside the transfer. */
function payNowLines(order: Order, ordersUrl: string): string[] {
  return order.card_payments
    ? [`Or pay now by card, securely through Stripe, from your order: ${ordersUrl}`]
    : [];
}

/** The mail's button: "Pay now" while the order can be paid by card, else the way to the buyer's orders. */
const orderButton = (order: Order, url: string) => ({
  label: order.card_payments ? 'Pay now' : 'See my orders',
  url,
});

export function orderConfirmationMail(
  to: string,
  firstName: string,
  order: Order,
  ordersUrl: string,
): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    order.status === 'awaiting_proof'
      ? `Thank you for your order ${order.number}. Before we print anything, we check your design and e-mail you a proof, usually within one business day. Nothing is made or charged until you approve it.`
      : `Thank you for your order ${order.number}. We have received it and will confirm it shortly; you pay on confirmation, nothing has been charged yet.`,
    ...orderSummary(order),
    ...(order.status === 'awaiting_proof'
      ? []
      : [...howToPayLines(order.payment), ...payNowLines(order, ordersUrl)]),
  ];
  const button =
    order.status === 'awaiting_proof'
      ? { label: 'See my orders', url: ordersUrl }
      : orderButton(order, ordersUrl);
  return {
    to,
    subject: `Your ${company.name} order ${order.number}`,
    text: text(lines, ordersUrl),
    html: layout(`Order ${order.number} received`, lines, button),
  };
}

export function salesOrderMail(
  to: string,
  customer: { email: string; firstName: string; lastName: string },
  order: Order,
): MailMessage {
  const lines = [
    `New order ${order.number} from ${[customer.firstName, customer.lastName].filter(Boolean).join(' ')} <${customer.email}>.`,
    ...orderSummary(order),
  ];
  return {
    to,
    subject: `New order ${order.number} ($${order.total})`,
    text: text(lines),
    html: layout(`New order ${order.number}`, lines),
  };
}

const STATUS_NEWS: Record<string, string> = {
  confirmed: 'has been confirmed. We are preparing your cards now.',
  shipped: 'is on its way.',
  delivered: 'has been delivered. We hope you enjoy your cards.',
  cancelled: 'has been cancelled. Nothing is charged for a cancelled order.',
};

/** Whether what is owed is worth a line: on confirmation and while it still is after. */
const TELLS_MONEY = new Set(['confirmed', 'shipped', 'delivered']);

/** What the mail says of the invoice or credit note it carries. */
function documentNews(document: Pick<InvoiceRow, 'kind' | 'number'>): string {
  const { payment } = company;
  return document.kind === 'invoice'
    ? `Your invoice ${document.number} is attached. Please pay it within ${payment.termsDays} days: the bank details are on the invoice.`
    : `Credit note ${document.number} is attached: it cancels this order's invoice, so nothing is owed.`;
}

/**
 * Tells the customer their order moved on (confirmed, shipped, delivered or cancelled), with the firm's note,
 * and the invoice (on confirmation) or credit note (on cancellation) attached.
 */
export function orderStatusMail(
  to: string,
  firstName: string,
  order: Order,
  note: string,
  ordersUrl: string,
  document?: Pick<InvoiceRow, 'kind' | 'number' | 'pdf'> | null,
): MailMessage {
  const status = ORDER_STATUS_LABELS[order.status];
  const news = STATUS_NEWS[order.status] ?? `is now ${status.toLowerCase()}.`;
  const lines = [
    `Hello ${greetingName(firstName)},`,
    `Your order ${order.number} ${news}`,
    ...(document ? [documentNews(document)] : []),
    ...(order.status === 'shipped' && order.items.some((item) => item.printed.some((card) => card.serial))
      ? [
          'Each team member named on a card has been e-mailed a link to claim it onto their own profile; until then only their address can claim it. You can send a link again, or to a corrected address, from your order.',
        ]
      : []),
    ...(note ? [`Note from ${company.name}: ${note}`] : []),
    ...(TELLS_MONEY.has(order.status)
      ? [...howToPayLines(order.payment), ...payNowLines(order, ordersUrl)]
      : []),
    ...(order.status === 'cancelled' && order.payment.owed_back !== '0.00'
      ? [`You paid $${order.payment.owed_back} for it: we will refund it.`]
      : []),
    ...orderSummary(order),
  ];
  return {
    to,
    subject: `Your ${company.name} order ${order.number}: ${status}`,
    text: text(lines, ordersUrl),
    html: layout(`Order ${order.number}: ${status}`, lines, orderButton(order, ordersUrl)),
    ...(document ? { attachments: [invoiceAttachment(document)] } : {}),
  };
}

export function leadMail(to: string, lead: LeadRow): MailMessage {
  const kind = lead.kind === 'contact' ? 'Contact form' : 'Free consultation';
  const lines = [
    `${kind} message from ${lead.name} <${lead.email}>${lead.phone ? `, ${lead.phone}` : ''}.`,
    ...(lead.service ? [`Service page: ${lead.service}`] : []),
    ...(lead.subject ? [`Subject: ${lead.subject}`] : []),
    lead.message,
    'Reply to this e-mail to answer them.',
  ];
  return {
    to,
    subject: `${kind}: ${lead.subject || lead.name}`,
    text: text(lines),
    html: layout(`${kind} message`, lines),
    replyTo: lead.email,
  };
}

export function emailChangeConfirmMail(to: string, firstName: string, url: string): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    `You asked to use this address for your ${company.name} account. Confirm it with the link below; until then, your account keeps its current e-mail. The link works for 24 hours.`,
    'If you did not ask for this, ignore this e-mail: nothing changes.',
  ];
  return {
    to,
    subject: `Confirm your new e-mail for ${company.name}`,
    text: text(lines, url),
    html: layout('Confirm your new e-mail', lines, { label: 'Confirm my new e-mail', url }),
    link: url,
  };
}

/** To the current address when someone signed in asks to move the account to another one. */
export function emailChangeNoticeMail(
  to: string,
  firstName: string,
  newEmail: string,
  secureUrl: string,
): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    `Someone signed in to your ${company.name} account asked to change its e-mail to ${newEmail}. The change happens only when that address confirms it.`,
    "If it was you, there is nothing more to do. If it wasn't you, secure your account with the link below: it ends every session, keeps (or brings back) this address, and asks you to choose a new password. The link works for 7 days.",
  ];
  return {
    to,
    subject: `Your ${company.name} e-mail is being changed`,
    text: text(lines, secureUrl),
    html: layout('Your e-mail is being changed', lines, { label: "This wasn't me", url: secureUrl }),
    link: secureUrl,
  };
}

/** To an address that already has an account, when another account asks to use it. */
export function emailInUseMail(to: string): MailMessage {
  const lines = [
    'Hello,',
    `Someone signed in to another ${company.name} account tried to use this e-mail address, which already belongs to your account. Nothing has changed, and your account is as it was.`,
    'If it was you, use a different address for the other account. If it was not you, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `Someone tried to use your e-mail at ${company.name}`,
    text: text(lines),
    html: layout('Someone tried to use your e-mail', lines),
  };
}

/** After every password change or reset, to the account's address. */
export function passwordChangedMail(
  to: string,
  firstName: string,
  how: 'changed' | 'reset',
  secureUrl: string,
): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    how === 'reset'
      ? `The password of your ${company.name} account was just reset with a link sent to this address.`
      : `The password of your ${company.name} account was just changed on your profile.`,
    "If it was you, there is nothing more to do. If it wasn't you, secure your account with the link below: it ends every session and asks you to choose a new password. The link works for 7 days.",
  ];
  return {
    to,
    subject: `Your ${company.name} password was changed`,
    text: text(lines, secureUrl),
    html: layout('Your password was changed', lines, { label: "This wasn't me", url: secureUrl }),
    link: secureUrl,
  };
}

/** After "this wasn't me": the account is locked until its owner chooses a new password. */
export function accountSecuredMail(to: string, firstName: string, resetUrl: string): MailMessage {
  const lines = [
    `Hello ${greetingName(firstName)},`,
    'Your account is secured: every session has ended, any pending e-mail change is cancelled, and the old password no longer works.',
    'Choose a new password with the link below; it works for 1 hour. If it expires, use "Forgot password" on the login page.',
  ];
  return {
    to,
    subject: `Your ${company.name} account is secured: choose a new password`,
    text: text(lines, resetUrl),
    html: layout('Choose a new password', lines, { label: 'Choose a new password', url: resetUrl }),
    link: resetUrl,
  };
}

import { company } from '../../content/company.ts';
import type { LeadRow } from '../db/schema/index.ts';
import type { Order } from '../modules/orders/service.ts';
import type { MailMessage } from './index.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[char] ?? char,
  );
}

export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or open this link: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#0b1b3a">${escapeHtml(title)}</h1>${body}${button}<p style="margin-top:32px;font-size:13px;color:#6b7280">${escapeHtml(company.name)}</p></body></html>`;
}

export function text(paragraphs: string[], url?: string): string {
  return `${[...paragraphs, ...(url ? [url] : [])].join('\n\n')}\n\n${company.name}\n`;
}

export function activationMail(to: string, firstName: string, url: string): MailMessage {
  const lines = [
    `Hello ${firstName || 'there'},`,
    `Welcome to ${company.name}. Please confirm your e-mail address to activate your account. The link works for 3 days.`,
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
    `Hello ${firstName || 'there'},`,
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
  const lines = [
    'Hello,',
    `Someone tried to create a ${company.name} account with this e-mail address, which already has one. If it was you, log in at ${loginUrl}, or reset your password at ${forgotUrl}. If it was not you, you can ignore this e-mail.`,
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
  const lines = order.items.map(
    (item) =>
      `${item.quantity} × ${item.name} (${item.design}, ${item.sku}) at $${item.unit_price} = $${item.line_total}`,
  );
  const a = order.address;
  const address = [a.address, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ');
  return [
    ...lines,
    `Total: $${order.total} (${order.item_count} ${order.item_count === 1 ? 'card' : 'cards'})`,
    `Ships to: ${address}`,
  ];
}

export function orderConfirmationMail(
  to: string,
  firstName: string,
  order: Order,
  ordersUrl: string,
): MailMessage {
  const lines = [
    `Hello ${firstName || 'there'},`,
    `Thank you for your order ${order.number}. We have received it and will confirm it shortly; you pay on confirmation, nothing has been charged yet.`,
    ...orderSummary(order),
  ];
  return {
    to,
    subject: `Your ${company.name} order ${order.number}`,
    text: text(lines, ordersUrl),
    html: layout(`Order ${order.number} received`, lines, { label: 'See my orders', url: ordersUrl }),
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

/** Tells the customer their order moved on (confirmed, shipped, delivered or cancelled), with the firm's note. */
export function orderStatusMail(
  to: string,
  firstName: string,
  order: Order,
  note: string,
  ordersUrl: string,
): MailMessage {
  const news = STATUS_NEWS[order.status] ?? `is now ${order.status}.`;
  const lines = [
    `Hello ${firstName || 'there'},`,
    `Your order ${order.number} ${news}`,
    ...(note ? [`Note from ${company.name}: ${note}`] : []),
    ...orderSummary(order),
  ];
  const status = order.status.charAt(0).toUpperCase() + order.status.slice(1);
  return {
    to,
    subject: `Your ${company.name} order ${order.number}: ${status}`,
    text: text(lines, ordersUrl),
    html: layout(`Order ${order.number}: ${status}`, lines, { label: 'See my orders', url: ordersUrl }),
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

// What an audit entry says in words: the action, and each changed field as "Status: Pending → Confirmed".
import { centsToPrice } from '../../../common/money.ts';
import { codeWords, statusLabel } from '../../../common/order-status.ts';
import { bpToPercent } from '../../../common/tax-rate.ts';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ACTIONS: Record<string, string> = {
  'order.status': 'Order status changed',
  'order.proof.sent': 'Proof sent',
  'order.proof.corrected': 'Printed cards corrected',
  'order.proof.approved': 'Proof approved',
  'order.proof.changes_requested': 'Changes requested to the proof',
  'order.team_card.sent_again': 'Team card link sent again',
  'card.create': 'Card added to the catalogue',
  'card.update': 'Card edited',
  'card.transfer': 'Card transferred',
  'card.team_claim': 'Team card claimed',
  'serial.block': 'Serial blocked',
  'serial.unblock': 'Serial unblocked',
  'serial.reset': 'Serial reset',
  'serial.flag_clear': 'Warning cleared',
  'serial.batch': 'Serials generated',
  'serial.import': 'Serials imported',
  'user.role': 'Role changed',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'lead.status': 'Lead status changed',
  'shipping_zone.create': 'Shipping zone added',
  'shipping_zone.update': 'Shipping zone edited',
  'shipping_zone.delete': 'Shipping zone removed',
  'country_rate.create': 'Country added to a zone',
  'country_rate.update': 'Country’s zone or tax changed',
  'country_rate.delete': 'Country removed',
  'invoice.issue': 'Invoice issued',
  'invoice.credit': 'Credit note issued',
  'bank_statement.import': 'Bank statement imported',
  'bank_line.assign': 'Bank line assigned to an order',
  'bank_line.ignore': 'Bank line set aside: not a payment',
  'order.payment': 'Payment recorded',
  'order.refund': 'Refund recorded',
  'order.refund.requested': 'Refund asked for',
  'order.refund.failed': 'Refund failed',
  'order.refund.reversed': 'Refund sent back by the bank',
  'order.ship_unpaid': 'Allowed to ship unpaid',
  'bank_line.restore': 'Bank line put back among the lines to assign',
};

/** Actions only a customer takes, whatever their account's role. */
const CUSTOMER_ACTIONS = new Set([
  'card.transfer',
  'card.team_claim',
  'order.team_card.sent_again',
  'order.proof.approved',
  'order.proof.changes_requested',
]);

/** Field labels; null: an id the entry names otherwise (an e-mail beside it, the record's own link). */
const LABELS: Record<string, string | null> = {
  owner_id: null,
  zone_id: null,
  order_design: null,
  // A correction's cards in full; its `changes` say them in words.
  cards: null,
  design: null,
  owner_email: 'Owner',
  email: 'E-mail',
  team_cards: 'Team cards',
  open_version: 'Open proof',
  version: 'Proof version',
  price_cents: 'Price',
  rate_cents: 'Rate',
  total_cents: 'Total',
  tax_rate_bp: 'Tax rate',
  is_default: 'Default zone',
  verification_count: 'Verifications',
  sun_key_version: 'Key version',
  count: 'Serials',
  first: 'First serial',
  last: 'Last serial',
  sku: 'SKU',
  last_name: 'Surname',
  first_name: 'First name',
  personal_fields: 'Printed fields',
  cover_image: 'Cover image',
  kind: 'Signal',
  credits: 'Credits invoice',
  amount_cents: 'Amount',
  method: 'Paid by',
  reason: 'Reason',
};

/** Values the log says only changed: personal or long text that a glance at the log needs no copy of. */
const WITHHELD = new Set(['first_name', 'last_name', 'surname', 'phone', 'description', 'cover_image']);

/** Words a code stands for, where the code alone reads badly. */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  via: { link: 'the proof e-mail', profile: 'their account' },
};
/** Fields whose values are codes (`awaiting_proof`): shown as words ("Awaiting proof"). */
const CODES = new Set(['status', 'role', 'source', 'block_reason', 'kind', 'category', 'method']);

export function actionWords(action: string): string {
  return ACTIONS[action] ?? codeWords(action.replaceAll('.', ' '));
}

function valueWords(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && key.endsWith('_cents')) return `$${centsToPrice(value)}`;
  if (typeof value === 'number' && key.endsWith('_bp')) return `${bpToPercent(value)} %`;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.every((item) => typeof item !== 'object')) return value.join(', ');
    return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  }
  if (typeof value === 'object') return 'details kept';
  const text = String(value);
  const word = VALUE_WORDS[key]?.[text];
  if (word) return word;
  return CODES.has(key) ? statusLabel(text) : text;
}

/**
 * The changed fields of an entry, in words. An edit names only the fields that differ (a card's new price,
 * not the whole card); a record created lists what it was made with, a record removed what it was.
 */
export function changeWords(before: unknown, after: unknown): string[] {
  const was = isFields(before) ? before : {};
  const now = isFields(after) ? after : {};
  const created = !isFields(before);
  const removed = !isFields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
  );
  return keys.flatMap((key) => {
    const label = key in LABELS ? LABELS[key] : codeWords(key);
    if (label === null || label === undefined) return [];
    if (WITHHELD.has(key)) {
      return [`${label} ${created ? 'set' : removed ? 'removed' : 'changed'}`];
    }
    if (created) return [`${label}: ${valueWords(key, now[key])}`];
    if (removed) return [`${label} was ${valueWords(key, was[key])}`];
    if (!(key in was)) return [`${label}: ${valueWords(key, now[key])}`];
    return [`${label}: ${valueWords(key, was[key])} → ${valueWords(key, now[key])}`];
  });
}

type ActorKind = 'admin' | 'customer' | 'removed';

/**
 * Whether the firm or a customer acted: customers' own actions (a transfer, a claim, an answer to a proof
 * and what it set off) are theirs even on an admin's account; otherwise the account's role says, and an
 * account since removed says nothing.
 */
export function actorKind(action: string, after: unknown, role: string | null): ActorKind {
  if (CUSTOMER_ACTIONS.has(action)) return 'customer';
  if (isFields(after) && (after.via === 'link' || after.via === 'profile')) return 'customer';
  if (role === null) return 'removed';
  return role === 'admin' ? 'admin' : 'customer';
}

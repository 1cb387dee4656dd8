import { expect, it } from 'vitest';
import { actionWords, actorKind, changeWords } from './audit-wording.ts';

it('names only the fields an edit changed, in words', () => {
  const before = { name: 'Oak', price_cents: 4450, stock: 25, active: true, description: 'Old words' };
  const after = { name: 'Oak', price_cents: 3900, stock: null, active: false, description: 'New words' };
  expect(changeWords(before, after)).toEqual([
    'Price: $44.50 → $39.00',
    'Stock: 25 → none',
    'Active: yes → no',
    'Description changed',
  ]);
});

it('words codes, personal names, lists, a creation and a removal', () => {
  expect(changeWords({ status: 'awaiting_proof' }, { status: 'confirmed', via: 'link' })).toEqual([
    'Status: Awaiting proof → Confirmed',
    'Via: the proof e-mail',
  ]);
  expect(changeWords({ last_name: 'Smyth' }, { last_name: 'Smith' })).toEqual(['Surname changed']);
  expect(
    changeWords(
      { status: 'confirmed' },
      { status: 'shipped', team_cards: [{ serial: 'A' }, { serial: 'B' }] },
    ),
  ).toEqual(['Status: Confirmed → Shipped', 'Team cards: 2 entries']);
  expect(changeWords(null, { name: 'Europe', rate_cents: 1490, is_default: false })).toEqual([
    'Name: Europe',
    'Rate: $14.90',
    'Default zone: no',
  ]);
  expect(changeWords({ name: 'Europe' }, null)).toEqual(['Name was Europe']);
  // Ids the entry names otherwise (the owner's e-mail beside their id) are left out.
  expect(
    changeWords({ owner_id: 3, owner_email: 'ann@x.test' }, { owner_id: 9, owner_email: 'cora@x.test' }),
  ).toEqual(['Owner: ann@x.test → cora@x.test']);
  expect(changeWords({ a: 1 }, { a: 1 })).toEqual([]);
});

it('names actions, known or not', () => {
  expect(actionWords('card.transfer')).toBe('Card transferred');
  expect(actionWords('order.proof.changes_requested')).toBe('Changes requested to the proof');
  expect(actionWords('widget.polish_up')).toBe('Widget polish up');
});

it('tells a customer’s action from the firm’s', () => {
  // A transfer or claim is the customer's, even on an admin's account.
  expect(actorKind('card.transfer', {}, 'admin')).toBe('customer');
  expect(actorKind('card.team_claim', {}, 'user')).toBe('customer');
  // What a customer's answer to a proof set off is theirs too.
  expect(actorKind('order.status', { status: 'confirmed', via: 'profile' }, 'admin')).toBe('customer');
  expect(actorKind('order.status', { status: 'shipped' }, 'admin')).toBe('admin');
  expect(actorKind('invoice.issue', {}, 'user')).toBe('customer');
  expect(actorKind('card.update', {}, null)).toBe('removed');
});

it('tells a correction by its changes in words, not its cards in full', () => {
  expect(actionWords('order.proof.corrected')).toBe('Printed cards corrected');
  const before = { cards: [{ card: 1, printed: { name: 'Cora Smiht' } }] };
  const after = {
    version: 2,
    cards: [{ card: 1, printed: { name: 'Cora Smith' } }],
    changes: ['Card 1 · Name: Cora Smiht → Cora Smith'],
  };
  expect(changeWords(before, after)).toEqual([
    'Proof version: 2',
    'Changes: Card 1 · Name: Cora Smiht → Cora Smith',
  ]);
});

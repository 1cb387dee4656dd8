import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalBuyer, personalCard } from '../test/personalised-buyers.ts';
import { personalisedOrder } from '../test/personalised-order.ts';
import { request } from '../test/request.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInAdmin, signedInUser } from '../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const key = () => `attack-${randomBytes(8).toString('hex')}`;

describe('personalisation input never gives a 500', () => {
  const odd: Array<[string, unknown]> = [
    ['a NUL in the name', [{ name: 'Eve\u0000Mallory' }]],
    ['a control character', [{ name: 'Eve\u0007' }]],
    ['a lone surrogate', [{ name: 'Eve \ud800' }]],
    ['an emoji', [{ name: 'Eve 😀' }]],
    ['a right-to-left override', [{ name: 'Eve \u202e' }]],
    ['a zero-width joiner', [{ name: 'E\u200dve' }]],
    ['only spaces', [{ name: '   ' }]],
    ['markup', [{ name: '<script>x</script>', company: ']]><!--' }]],
    ['a huge text', [{ name: 'x'.repeat(100_000) }]],
    ['a number as name', [{ name: 42 }]],
    ['null', null],
    ['an object', { name: 'Eve' }],
    ['an empty array', []],
    ['an empty entry', [{}]],
    ['a logo string', [{ logo: 'abc' }]],
    ['a logo of 0', [{ logo: 0 }]],
    ['a huge logo id', [{ logo: 1e20 }]],
    ['someone else’s logo id', [{ logo: 999999 }]],
    ['qr as a string', [{ qr: 'yes' }]],
    ['qr false only', [{ qr: false }]],
    ['an unknown field', [{ name: 'Eve', colour: 'red' }]],
    ['a member e-mail with a NUL', [{ name: 'Eve', member_email: 'e\u0000@x.test' }]],
    ['too many entries', Array.from({ length: 51 }, () => ({ name: 'Eve' }))],
    ['two entries on a pack of one', [{ name: 'Eve' }, { name: 'Eve' }]],
  ];
  for (const [label, personalisation] of odd) {
    it(`order and quote: ${label}`, async () => {
      const card = await personalCard(t, ['name', 'title', 'company', 'logo', 'qr']);
      const me = await personalBuyer(t, 'Eve');
      const item = { card: card.id, design: card.category, quantity: 1, personalisation };
      const quoted = await me.call('POST', '/api/orders/quote/', { items: [item] });
      expect(quoted.status, quoted.text).toBeLessThan(500);
      const quotedTo = await me.call('POST', '/api/orders/quote/', { items: [item], address: me.addressId });
      expect(quotedTo.status, quotedTo.text).toBeLessThan(500);
      const placed = await me.call(
        'POST',
        '/api/orders/',
        { address: me.addressId, items: [item] },
        { 'idempotency-key': key() },
      );
      expect(placed.status, placed.text).toBeLessThan(500);
      if (placed.status === 201) {
        const design = placed.body.items[0].printed[0];
        const front = await me.call('GET', design.front);
        expect(front.status).toBe(200);
        expect(front.text).not.toContain('<script');
        expect(front.text).not.toContain('\u0000');
      }
    });
  }

  it('a personalisation on a card that offers none is a 400', async () => {
    const card = await personalCard(t, []);
    const me = await personalBuyer(t, 'Eve');
    const item = { card: card.id, design: card.category, quantity: 1, personalisation: [{ name: 'Eve' }] };
    const placed = await me.call(
      'POST',
      '/api/orders/',
      { address: me.addressId, items: [item] },
      { 'idempotency-key': key() },
    );
    expect(placed.status).toBe(400);
  });

  const addresses: unknown[] = ['abc', -1, 0, 1e20, '99999999999', null, { id: 1 }, [1], 1.5, '1 OR 1=1'];
  for (const address of addresses) {
    it(`the quote's address ${JSON.stringify(address)} is a 4xx`, async () => {
      const card = await personalCard(t, ['name']);
      const me = await personalBuyer(t, 'Eve');
      const item = { card: card.id, design: card.category, quantity: 1 };
      const quoted = await me.call('POST', '/api/orders/quote/', { items: [item], address });
      expect(quoted.status, quoted.text).toBeGreaterThanOrEqual(400);
      expect(quoted.status, quoted.text).toBeLessThan(500);
      const anonymous = await request(t, {
        method: 'POST',
        url: '/api/orders/quote/',
        body: { items: [item], address },
      });
      expect(anonymous.status, anonymous.text).toBeLessThan(500);
    });
  }
});

describe('idempotency with personalised lines', () => {
  it('the same personalisation with its keys in another order and spacing is the same order', async () => {
    const card = await personalCard(t, ['name', 'title', 'company']);
    const me = await personalBuyer(t, 'Eve');
    const k = key();
    const first = await me.call(
      'POST',
      '/api/orders/',
      {
        address: me.addressId,
        items: [
          {
            card: card.id,
            design: card.category,
            quantity: 1,
            personalisation: [{ name: 'Eve', title: 'CTO' }],
          },
        ],
      },
      { 'idempotency-key': k },
    );
    expect(first.status, first.text).toBe(201);
    const again = await me.call(
      'POST',
      '/api/orders/',
      {
        items: [
          {
            personalisation: [{ title: ' CTO ', name: 'Eve', company: '' }],
            quantity: 1,
            design: card.category,
            card: card.id,
          },
        ],
        address: me.addressId,
      },
      { 'idempotency-key': k },
    );
    expect(again.status, again.text).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });
  it('the same key sent twice at once with the personalisation’s keys reordered gives one order', async () => {
    const card = await personalCard(t, ['name', 'title']);
    const me = await personalBuyer(t, 'Eve');
    const k = key();
    const body = (personalisation: object[]) => ({
      address: me.addressId,
      items: [{ card: card.id, design: card.category, quantity: 1, personalisation }],
    });
    const [a, b] = await Promise.all([
      me.call('POST', '/api/orders/', body([{ name: 'Eve', title: 'CTO' }]), { 'idempotency-key': k }),
      me.call('POST', '/api/orders/', body([{ title: 'CTO', name: 'Eve' }]), { 'idempotency-key': k }),
    ]);
    expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    const list = await me.call('GET', '/api/orders/');
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0].items[0].printed).toHaveLength(1);
  });
});

describe('a personalised order’s states', () => {
  async function withProof() {
    const admin = await signedInAdmin(t);
    const { order, customer, designs } = await personalisedOrder(t);
    const sent = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/proofs/`,
      cookie: admin.cookie,
      body: { note: '' },
    });
    expect(sent.status, sent.text).toBe(201);
    const status = (to: string) =>
      request(t, {
        method: 'POST',
        url: `/api/admin/orders/${order.id}/status/`,
        cookie: admin.cookie,
        body: { status: to },
      });
    const approve = () =>
      request(t, {
        method: 'POST',
        url: `/api/orders/${order.id}/proof/decision/`,
        cookie: customer.cookie,
        body: { version: 1, decision: 'approve' },
      });
    return { admin, order, customer, designs, status, approve };
  }

  it('an admin cannot confirm, ship or deliver an order awaiting its proof', async () => {
    const { status } = await withProof();
    for (const to of ['confirmed', 'shipped', 'delivered', 'pending', 'awaiting_proof']) {
      const moved = await status(to);
      expect(moved.status, `${to}: ${moved.text}`).toBe(409);
    }
  });

  it('a cancelled order’s proof cannot be approved, and it gets no invoice nor credit note', async () => {
    const { order, customer, status, approve } = await withProof();
    expect((await status('cancelled')).status).toBe(200);
    const approved = await approve();
    expect(approved.status, approved.text).toBe(409);
    const mine = await request(t, { url: `/api/orders/${order.id}/`, cookie: customer.cookie });
    expect(mine.body.status).toBe('cancelled');
    expect(mine.body.invoices).toEqual([]);
    const invoice = await request(t, {
      url: `/api/orders/${order.number}/invoice.pdf`,
      cookie: customer.cookie,
    });
    expect(invoice.status).toBe(404);
  });

  it('approved and then cancelled: an invoice and then its credit note', async () => {
    const { order, customer, status, approve } = await withProof();
    expect((await approve()).status).toBe(200);
    expect((await status('cancelled')).status).toBe(200);
    const mine = await request(t, { url: `/api/orders/${order.id}/`, cookie: customer.cookie });
    expect(mine.body.invoices.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
  });

  it('another customer, a signed-out visitor and the owner on the admin route see none of the drawings', async () => {
    const { order, customer, designs, admin } = await withProof();
    const stranger = await signedInUser(t);
    const [design] = designs;
    if (!design) throw new Error('no design');
    for (const side of ['front.svg', 'back.svg']) {
      const url = `/api/orders/${order.id}/designs/${design.id}/${side}`;
      expect((await request(t, { url, cookie: stranger.cookie })).status).toBe(404);
      expect((await request(t, { url })).status).toBe(401);
      expect((await request(t, { url, cookie: admin.cookie })).status).toBe(200);
    }
    const other = await personalisedOrder(t);
    const otherDesign = other.designs[0];
    if (!otherDesign) throw new Error('no design');
    // Their own order's id with someone else's design id.
    const mixed = await request(t, {
      url: `/api/orders/${order.id}/designs/${otherDesign.id}/front.svg`,
      cookie: customer.cookie,
    });
    expect(mixed.status).toBe(404);
    const print = `/api/admin/orders/${order.id}/designs/${design.id}/print.pdf`;
    expect((await request(t, { url: print, cookie: customer.cookie })).status).toBeGreaterThanOrEqual(403);
    expect((await request(t, { url: print, cookie: customer.cookie })).status).toBeLessThan(500);
    expect((await request(t, { url: print, cookie: admin.cookie })).status).toBe(200);
    const wrongOrderPrint = `/api/admin/orders/${order.id}/designs/${otherDesign.id}/print.pdf`;
    expect((await request(t, { url: wrongOrderPrint, cookie: admin.cookie })).status).toBe(404);
    for (const junk of ['0', '-1', 'abc', '99999999999', '1e3', '1.5']) {
      const url = `/api/orders/${order.id}/designs/${junk}/front.svg`;
      expect((await request(t, { url, cookie: customer.cookie })).status, junk).toBe(404);
      const other2 = `/api/orders/${junk}/designs/${design.id}/front.svg`;
      expect((await request(t, { url: other2, cookie: customer.cookie })).status, junk).toBe(404);
    }
    const page = await request(t, { url: `/profile/orders/${order.id}/proof`, cookie: stranger.cookie });
    expect(page.status).toBeGreaterThanOrEqual(300);
    expect(page.text).not.toContain(order.number);
  });
});

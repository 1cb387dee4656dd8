import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { drawCard } from '../../common/card-design/draw.ts';
import type { PrintedCard } from '../../common/card-design/personalisation.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { addresses, cards, orderDesigns, orderLines, orders, users } from '../db/schema/index.ts';
import type { Mailer } from '../mail/index.ts';
import { placeOrder } from '../modules/orders/service.ts';
import { printFileOf } from '../modules/personalisation/render.ts';
import { request } from './request.ts';
import type { TestApp } from './test-app.ts';
import { signedInUser } from './users.ts';

/**
 * Personalised orders for tests until the order snapshot lands: a plain order placed through the real
 * code, then moved to `awaiting_proof` with `order_designs` rows (drawn as the shop draws them) on its line.
 */
const DEFAULT_CARDS: PrintedCard[] = [
  { name: 'Ada Lovelace', title: 'Chief Engineer', company: 'Analytical Ltd', qr: true },
  { name: 'Charles Babbage', title: 'Founder', company: 'Analytical Ltd' },
];

const FIELDS = ['name', 'title', 'company', 'qr'] as const;
const QR_TEXT = 'https://shop.test/profile/ada';
const QR = QRCode.create(QR_TEXT, { errorCorrectionLevel: 'M' }).modules;

/** A printed card drawn as the shop draws it: the preview's SVGs and the print file. */
async function drawn(card: PrintedCard) {
  const input = { printed: card, design: 'Matte Black', fields: FIELDS, ...(card.qr ? { qr: QR } : {}) };
  const { front, back } = drawCard(input);
  return { frontSvg: front, backSvg: back, printPdf: await printFileOf(input) };
}

/** Moves a placed order to `awaiting_proof` and gives its first line one printed card per `printed`. */
async function personaliseOrder(db: Db, orderId: number, printed = DEFAULT_CARDS) {
  const [line] = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
    .limit(1);
  if (!line) throw new Error('the order has no line');
  await db.update(orders).set({ status: 'awaiting_proof' }).where(eq(orders.id, orderId));
  const rows = [];
  for (const [position, card] of printed.entries()) {
    rows.push({
      orderLineId: line.id,
      position,
      printed: card,
      memberEmail: position === 0 ? null : `member${position}@example.test`,
      ...(await drawn(card)),
      printJob: { design: 'Matte Black', fields: [...FIELDS], qr: card.qr ? QR_TEXT : null },
    });
  }
  return db.insert(orderDesigns).values(rows).returning();
}

/** A stocked card of its own, so stock rules never get in the test's way. */
async function testCard(db: Db) {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await db
    .insert(cards)
    .values({
      name: `Printed Card ${suffix}`,
      slug: `printed-card-${suffix}`,
      sku: `PC-${suffix}`.toUpperCase(),
      priceCents: 2500,
      category: 'Matte Black',
      stock: 100,
    })
    .returning();
  if (!card) throw new Error('no card');
  return card;
}

/** A new customer's personalised order, placed through the API and personalised as above. */
export async function personalisedOrder(t: TestApp, printed = DEFAULT_CARDS) {
  const db = t.database.db;
  const card = await testCard(db);
  const customer = await signedInUser(t, { firstName: 'Ada' });
  const address = await request(t, {
    method: 'POST',
    url: '/api/auth/address/',
    cookie: customer.cookie,
    body: {
      address: '1 Quay Street',
      city: 'Galway',
      state: '',
      country: 'Ireland',
      postal_code: 'H91 E2K3',
    },
  });
  const placed = await request(t, {
    method: 'POST',
    url: '/api/orders/',
    cookie: customer.cookie,
    body: {
      address: address.body.id,
      items: [{ card: card.id, quantity: printed.length, design: card.category }],
    },
    headers: { 'idempotency-key': `proof-${randomBytes(6).toString('hex')}` },
  });
  if (placed.status !== 201) throw new Error(`order not placed: ${placed.text}`);
  const order = placed.body as { id: number; number: string };
  const designs = await personaliseOrder(db, order.id, printed);
  return { customer, order, designs };
}

const quietMailer: Mailer = {
  mode: 'outbox',
  send: async () => undefined,
  sendLater: async () => undefined,
  drain: async () => 0,
  start: () => undefined,
  close: async () => undefined,
};

/**
 * For a Playwright server before it starts: an order of the (already seeded) customer, placed by the
 * orders service itself, then personalised. Returns its id and number.
 */
export async function seedPersonalisedOrder(dataDir: string, email: string, printed = DEFAULT_CARDS) {
  const release = acquireDataDirLock(dataDir, 'personalised-order');
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const db = database.db;
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      const card = await testCard(db);
      const [address] = await db
        .insert(addresses)
        .values({
          userId: user.id,
          address: '1 Quay Street',
          city: 'Galway',
          country: 'Ireland',
          countryCode: 'IE',
          postalCode: 'H91 E2K3',
        })
        .returning();
      if (!address) throw new Error('no address');
      const deps = { db, mailer: quietMailer, publish: async () => undefined, publicUrl: '', salesEmail: '' };
      const input = {
        address: address.id,
        items: [{ card: card.id, quantity: printed.length, design: card.category }],
      };
      const { order } = await placeOrder(deps, user, input, `seed-${randomBytes(6).toString('hex')}`, 'seed');
      await personaliseOrder(db, order.id, printed);
      return { id: order.id, number: order.number };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

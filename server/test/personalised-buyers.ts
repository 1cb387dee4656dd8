import { randomBytes } from 'node:crypto';
import type { PrintField } from '../../common/card-design/personalisation.ts';
import { cards } from '../db/schema/index.ts';
import { request } from './request.ts';
import type { TestApp } from './test-app.ts';
import { signedInUser } from './users.ts';

/** A card of its own that offers these printed fields, in packs of `packSize`. */
export async function personalCard(t: TestApp, fields: PrintField[], packSize = 1) {
  const suffix = randomBytes(4).toString('hex');
  const [card] = await t.database.db
    .insert(cards)
    .values({
      name: `Printed Card ${suffix}`,
      slug: `printed-card-${suffix}`,
      sku: `PRT-${suffix}`.toUpperCase(),
      priceCents: 3900,
      category: 'Pearl White',
      personalFields: fields,
      packSize,
    })
    .returning();
  if (!card) throw new Error('no card');
  return card;
}

let clients = 0;

/**
 * A signed-in buyer with an address in Cork, calling from an address of their own (orders are limited per
 * client too), and `call` to send their requests.
 */
export async function personalBuyer(t: TestApp, firstName = 'Maya') {
  const user = await signedInUser(t, { firstName, lastName: 'Lindqvist' });
  const remoteAddress = `10.7.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(t, { method, url, body: body as object, cookie: user.cookie, headers, remoteAddress });
  const address = await call('POST', '/api/auth/address/', {
    address: '12 Harbour Road',
    city: 'Cork',
    state: '',
    country: 'Ireland',
    postal_code: 'T12 X123',
  });
  return { ...user, call, addressId: address.body.id as number };
}

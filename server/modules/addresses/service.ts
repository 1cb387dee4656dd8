import { and, count, desc, eq, sql } from 'drizzle-orm';
import { countryName } from '../../../common/countries.ts';
import type { Db } from '../../db/client.ts';
import { type AddressRow, addresses } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Address } from './responses.ts';
import { type AddressInput, MAX_ADDRESSES } from './schemas.ts';

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    address: row.address,
    city: row.city,
    state: row.state,
    // The name is the code's; the text typed is shown only while no country matched it.
    country: row.countryCode ? countryName(row.countryCode) : row.country,
    country_code: row.countryCode,
    postal_code: row.postalCode,
  };
}

/** The columns an address's input sets. */
function columnsOf(input: AddressInput) {
  return { ...input, country: countryName(input.countryCode) };
}

export const ADDRESS_NOT_FOUND = 'Address not found.';

/** The user's addresses, newest first: the first is the "latest address". */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

export async function addAddress(db: Db, userId: number, input: AddressInput): Promise<Address> {
  return db.transaction(async (tx) => {
    // Serialises concurrent adds of one user, so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(1, ${userId})`);
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (value >= MAX_ADDRESSES) {
      throw new AppError('bad_request', `You can keep at most ${MAX_ADDRESSES} addresses.`);
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columnsOf(input) })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return toAddress(row);
  });
}

/** Another user's address is "not found": its existence is not revealed. */
export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Address> {
  const [row] = await db
    .update(addresses)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
  return toAddress(row);
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw new AppError('not_found', ADDRESS_NOT_FOUND);
}

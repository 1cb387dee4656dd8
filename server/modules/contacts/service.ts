import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '../../../common/messages/contacts.ts';
import { describeVisit } from '../../../common/visit-source.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { type ExchangedContactRow, exchangedContacts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import { formatSerial } from '../registry/serial-code.ts';
import type { ExchangedContact } from './responses.ts';

/** Contacts on one page of the owner's list. */
const CONTACTS_PAGE_SIZE = 20;

function toExchangedContact(row: ExchangedContactRow): ExchangedContact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    note: row.note,
    source: row.source,
    card: row.cardSerial ? formatSerial(row.cardSerial) : null,
    source_label: describeVisit({ source: row.source, card: row.cardSerial }),
    created_at: row.createdAt.toISOString(),
  };
}

const newestFirst = [desc(exchangedContacts.createdAt), desc(exchangedContacts.id)];

/** The owner's contacts matching `q` (any part of name, e-mail, phone, company or job title), newest first. */
export function listContacts(
  db: Db,
  ownerId: number,
  query: { page: number; q?: string | undefined },
): Promise<Page<ExchangedContact>> {
  const conditions: (SQL | undefined)[] = [eq(exchangedContacts.ownerId, ownerId)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(exchangedContacts.name, pattern),
        ilike(exchangedContacts.email, pattern),
        ilike(exchangedContacts.phone, pattern),
        ilike(exchangedContacts.company, pattern),
        ilike(exchangedContacts.jobTitle, pattern),
      ),
    );
  }
  const where = and(...conditions);
  return pageOf(
    query.page,
    CONTACTS_PAGE_SIZE,
    db
      .select()
      .from(exchangedContacts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(CONTACTS_PAGE_SIZE)
      .offset(offsetOf(query.page, CONTACTS_PAGE_SIZE))
      .then((rows) => rows.map(toExchangedContact)),
    db
      .select({ value: count() })
      .from(exchangedContacts)
      .where(where)
      .then((rows) => rows[0]?.value ?? 0),
  );
}

/** Every contact of the owner, newest first, for the exports. */
export function allContacts(db: Db, ownerId: number): Promise<ExchangedContactRow[]> {
  return db
    .select()
    .from(exchangedContacts)
    .where(eq(exchangedContacts.ownerId, ownerId))
    .orderBy(...newestFirst);
}

/** Deletes one of the owner's contacts; anyone else's is "not found", the same as one that never was. */
export async function deleteContact(db: Db, ownerId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(exchangedContacts)
    .where(and(eq(exchangedContacts.id, id), eq(exchangedContacts.ownerId, ownerId)))
    .returning({ id: exchangedContacts.id });
  if (deleted.length === 0) throw new AppError('not_found', CONTACT_MESSAGES.notFound);
}

/** Deletes every contact of the owner (the rows, not a flag); answers how many there were. */
export async function deleteAllContacts(db: Db, ownerId: number): Promise<number> {
  const deleted = await db
    .delete(exchangedContacts)
    .where(eq(exchangedContacts.ownerId, ownerId))
    .returning({ id: exchangedContacts.id });
  return deleted.length;
}

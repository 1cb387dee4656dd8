import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '../../../common/messages/contacts.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import { describeVisit } from '../../../common/visit-source.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { type ExchangedContactRow, exchangedContacts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
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

/** Contacts read at a time by the exports. */
const EXPORT_PAGE_SIZE = 200;

/**
 * Every contact of the owner, newest first, a page at a time for the exports: each page is a short read
 * of the owner's index after the last row of the one before (keyset), so a long export holds neither
 * the event loop nor memory for all of them at once. The last row's time is carried as PostgreSQL's
 * text, not a Date, which would drop its microseconds and skip rows.
 */
export async function* contactPages(
  db: Db,
  ownerId: number,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExchangedContactRow[]> {
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const owned = eq(exchangedContacts.ownerId, ownerId);
    const rows = await db
      .select({ contact: exchangedContacts, at: sql<string>`${exchangedContacts.createdAt}::text` })
      .from(exchangedContacts)
      .where(
        after
          ? and(
              owned,
              sql`(${exchangedContacts.createdAt}, ${exchangedContacts.id}) < (${after.at}::timestamptz, ${after.id})`,
            )
          : owned,
      )
      .orderBy(...newestFirst)
      .limit(pageSize);
    if (rows.length > 0) yield rows.map((row) => row.contact);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.at, id: last.contact.id };
  }
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

import { count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { constraintOf, isUniqueViolation } from '../../db/errors.ts';
import { escapeLike } from '../../db/like.ts';
import { type CardRow, cards, serials } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { CARD_COVER, processImage } from '../../storage/image-upload.ts';
import type { MediaStorage } from '../../storage/index.ts';
import { MEDIA_PREFIX } from '../../storage/media-keys.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import { ADMIN_PAGE_SIZE } from '../staff/list-query.ts';
import { CARD_FIELD_MESSAGES, type CardChanges, type CardFields } from './admin-schemas.ts';
import { cardCoverSvg } from './cover-art.ts';
import type { AdminCard } from './responses.ts';
import { CATALOG_TOPIC, toCard } from './service.ts';

export interface AdminCatalogDeps {
  db: Db;
  storage: MediaStorage;
  publish(topic: string): Promise<void>;
}

/** The fields the audit log keeps of a card (not timestamps). */
function snapshot(row: CardRow) {
  return {
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    price_cents: row.priceCents,
    category: row.category,
    description: row.description,
    stock: row.stock,
    active: row.active,
    cover_image: row.coverImage,
    personal_fields: row.personalFields,
    pack_size: row.packSize,
  };
}

function toAdminCard(row: CardRow, serialCount = 0): AdminCard {
  return {
    ...toCard(row),
    active: row.active,
    serial_count: serialCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every card, active or not, newest first; searched by name, slug, SKU or design. */
export function listAdminCards(db: Db, page: number, search?: string): Promise<Page<AdminCard>> {
  let where: SQL | undefined;
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where = or(
      ilike(cards.name, pattern),
      ilike(cards.slug, pattern),
      ilike(cards.sku, pattern),
      ilike(cards.category, pattern),
    );
  }
  const serialCount = db
    .select({ cardId: serials.cardId, total: sql<number>`count(*)`.mapWith(Number).as('total') })
    .from(serials)
    .groupBy(serials.cardId)
    .as('serial_count');
  return pageOf(
    page,
    ADMIN_PAGE_SIZE,
    db
      .select({ card: cards, serials: serialCount.total })
      .from(cards)
      .leftJoin(serialCount, eq(serialCount.cardId, cards.id))
      .where(where)
      .orderBy(desc(cards.createdAt), desc(cards.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page, ADMIN_PAGE_SIZE))
      .then((rows) => rows.map((row) => toAdminCard(row.card, row.serials ?? 0))),
    db
      .select({ value: count() })
      .from(cards)
      .where(where)
      .then((rows) => rows[0]?.value ?? 0),
  );
}

/** The designs cards already have, for the editor to offer (a cart line's design must match one exactly). */
export async function listDesigns(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ category: cards.category }).from(cards).orderBy(cards.category);
  return rows.map((row) => row.category);
}

export async function getAdminCard(db: Db, id: number): Promise<AdminCard> {
  const [row] = await db.select().from(cards).where(eq(cards.id, id));
  if (!row) throw new AppError('not_found', CARD_FIELD_MESSAGES.notFound);
  const [counted] = await db.select({ value: count() }).from(serials).where(eq(serials.cardId, id));
  return toAdminCard(row, counted?.value ?? 0);
}

/** A unique slug or SKU taken by another card becomes a message beside that field. */
function uniqueProblem(error: unknown): AppError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  if (constraintOf(error).includes('sku'))
    return new AppError('conflict', CARD_FIELD_MESSAGES.skuTaken, { sku: [CARD_FIELD_MESSAGES.skuTaken] });
  return new AppError('conflict', CARD_FIELD_MESSAGES.slugTaken, { slug: [CARD_FIELD_MESSAGES.slugTaken] });
}

async function storeCover(storage: MediaStorage, slug: string, image: Buffer, actor: Actor): Promise<string> {
  return storage.put(
    `cards/uploads/${slug}`,
    'jpg',
    await processImage(image, CARD_COVER, `user:${actor.id}`),
  );
}

/**
 * Adds a card. An uploaded cover is checked and re-encoded like a profile photo; without one the card
 * gets drawn cover art of its name and design. Public pages show it at once (the catalogue caches empty).
 */
export async function createCard(
  deps: AdminCatalogDeps,
  actor: Actor,
  fields: CardFields,
  image?: Buffer,
): Promise<AdminCard> {
  const cover = image
    ? await storeCover(deps.storage, fields.slug, image, actor)
    : await deps.storage.put(
        `cards/uploads/${fields.slug}`,
        'svg',
        cardCoverSvg(fields.name, fields.category),
      );
  let row: CardRow | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(cards)
        .values({
          name: fields.name,
          slug: fields.slug,
          sku: fields.sku,
          priceCents: fields.price,
          category: fields.category,
          description: fields.description,
          stock: fields.stock,
          active: fields.active,
          personalFields: fields.personal_fields,
          packSize: fields.pack_size,
          coverImage: cover,
        })
        .returning();
      if (!inserted) throw new Error('insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'card.create',
        targetType: 'card',
        targetId: inserted.id,
        after: snapshot(inserted),
      });
      return inserted;
    });
  } catch (error) {
    // Kept if another card shows the same picture.
    await deps.storage.remove(cover);
    throw uniqueProblem(error) ?? error;
  }
  await deps.publish(CATALOG_TOPIC).catch(() => undefined);
  return toAdminCard(row);
}

/** Changes a card (only the fields sent); deactivating takes it off the shop but keeps its orders and serials. */
export async function updateCard(
  deps: AdminCatalogDeps,
  actor: Actor,
  id: number,
  changes: CardChanges,
  image?: Buffer,
): Promise<AdminCard> {
  const [current] = await deps.db.select().from(cards).where(eq(cards.id, id));
  if (!current) throw new AppError('not_found', CARD_FIELD_MESSAGES.notFound);
  const jpeg = image ? await processImage(image, CARD_COVER, `user:${actor.id}`) : undefined;
  const putCover = (bytes: Buffer) =>
    deps.storage.put(`cards/uploads/${changes.slug ?? current.slug}`, 'jpg', bytes);
  const cover = jpeg ? await putCover(jpeg) : undefined;
  let result: { before: CardRow; after: CardRow };
  try {
    result = await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(cards).where(eq(cards.id, id)).for('update');
      if (!before) throw new AppError('not_found', CARD_FIELD_MESSAGES.notFound);
      const [after] = await tx
        .update(cards)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
          ...(changes.sku !== undefined ? { sku: changes.sku } : {}),
          ...(changes.price !== undefined ? { priceCents: changes.price } : {}),
          ...(changes.category !== undefined ? { category: changes.category } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.stock !== undefined ? { stock: changes.stock } : {}),
          ...(changes.active !== undefined ? { active: changes.active } : {}),
          ...(changes.personal_fields !== undefined ? { personalFields: changes.personal_fields } : {}),
          ...(changes.pack_size !== undefined ? { packSize: changes.pack_size } : {}),
          ...(cover ? { coverImage: cover } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(cards.id, id))
        .returning();
      if (!after) throw new AppError('not_found', CARD_FIELD_MESSAGES.notFound);
      await recordAudit(tx, actor, {
        action: 'card.update',
        targetType: 'card',
        targetId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return { before, after };
    });
  } catch (error) {
    if (cover) await deps.storage.remove(cover);
    throw uniqueProblem(error) ?? error;
  }
  // Another edit may have replaced, and so removed, these same bytes between our put and our update:
  // stored again, they stay, since this card now shows them (a no-op otherwise).
  if (jpeg) await putCover(jpeg);
  // The replaced cover goes, when it was an upload of ours (seeded art is left alone).
  const old = result.before.coverImage;
  if (cover && old !== cover && old?.startsWith(`${MEDIA_PREFIX}cards/uploads/`))
    await deps.storage.remove(old);
  await deps.publish(CATALOG_TOPIC).catch(() => undefined);
  return getAdminCard(deps.db, result.after.id);
}

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PrintedCard } from '../../../common/card-design/personalisation.ts';
import { users } from './accounts.ts';
import { bytea } from './bytea.ts';
import { orderLines, orders } from './orders.ts';
import { serials } from './registry.ts';

export const DESIGN_UPLOAD_KINDS = ['logo', 'signature'] as const;
export type DesignUploadKind = (typeof DESIGN_UPLOAD_KINDS)[number];

/**
 * A logo or signature a signed-in buyer uploaded for a card: sniffed and re-encoded as PNG before it is kept,
 * never an SVG (decision 023). Rows are never changed; an order embeds the picture in its own snapshot.
 */
export const designUploads = pgTable(
  'design_uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DesignUploadKind>().notNull(),
    png: bytea('png').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('design_uploads_user_idx').on(table.userId, table.createdAt),
    check('design_uploads_kind_known', sql`${table.kind} IN ('logo', 'signature')`),
  ],
);

/** What a card's print file is drawn from besides `printed` and the pictures: fixed when it is ordered. */
export interface PrintJob {
  /** The card's design (`cards.category`) and offered fields when ordered. */
  design: string;
  fields: string[];
  /** The text of the back's QR code, or null. */
  qr: string | null;
}

/**
 * One printed card of an order line, as ordered: what was typed, for whom (a Team Pack member's e-mail),
 * the exact preview (front and back SVG naming its pictures, `href="upload:ID"`; older rows embed them) and
 * the print file made from it after the order, card by card, by the print-file job (decision 036).
 */
export const orderDesigns = pgTable(
  'order_designs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    /** 0 first, within the line (a Team Pack of 5 has 0–4). */
    position: integer('position').notNull(),
    printed: jsonb('printed').$type<PrintedCard>().notNull(),
    /** Trimmed and lower-cased: the team member this card is for, named on the order and its proof. */
    memberEmail: text('member_email'),
    frontSvg: text('front_svg').notNull(),
    backSvg: text('back_svg').notNull(),
    /** Print-ready: 300 dpi with 3 mm bleed, front then back. Null until the print-file job made it. */
    printPdf: bytea('print_pdf'),
    /** What the job draws the print file from; null on rows made before the job (their file exists). */
    printJob: jsonb('print_job').$type<PrintJob>(),
    printAttempts: integer('print_attempts').notNull().default(0),
    /** A process making the print file holds it until then; after, another may take it. */
    printLockedUntil: timestamp('print_locked_until', { withTimezone: true }),
    printError: text('print_error'),
  },
  (table) => [
    uniqueIndex('order_designs_line_position_idx').on(table.orderLineId, table.position),
    index('order_designs_print_pending_idx').on(table.id).where(sql`${table.printPdf} IS NULL`),
  ],
);

/** One printed card as a proof version showed it (`order_designs` at the time). */
export interface ProofCardSnapshot {
  /** The `order_designs` row. */
  id: number;
  line: string;
  design: string;
  printed: PrintedCard;
  memberEmail: string | null;
  frontSvg: string;
  backSvg: string;
}

export const PROOF_STATUSES = ['sent', 'approved', 'changes_requested', 'superseded'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/**
 * A proof of a personalised order the firm sent the customer: the generated one or a corrected upload.
 * Only the newest is open for a decision; a newer one supersedes it.
 */
export const orderProofs = pgTable(
  'order_proofs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1 first, per order. */
    version: integer('version').notNull(),
    source: text('source').$type<'generated' | 'uploaded'>().notNull(),
    pdf: bytea('pdf').notNull(),
    status: text('status').$type<ProofStatus>().notNull().default('sent'),
    /** What the customer asked to change. */
    customerNote: text('customer_note'),
    /** The firm's note sent with this version: in the mail and on the customer's proof page. */
    firmNote: text('firm_note'),
    /**
     * The printed cards this version showed, as they were when it was sent (a generated proof; null on an
     * upload and on rows made before corrections): a later correction changes the order's cards, not this.
     */
    cards: jsonb('cards').$type<ProofCardSnapshot[]>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the last reminder went out (one every 3 days while undecided). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_proofs_order_version_idx').on(table.orderId, table.version),
    index('order_proofs_open_idx').on(table.createdAt).where(sql`${table.status} = 'sent'`),
    check('order_proofs_source_known', sql`${table.source} IN ('generated', 'uploaded')`),
    check(
      'order_proofs_status_known',
      sql`${table.status} IN ('sent', 'approved', 'changes_requested', 'superseded')`,
    ),
  ],
);

/**
 * A Team Pack card offered to its member when the order ships: the member opens the mailed link, signs in
 * (or registers) and the card's serial becomes theirs. Only a SHA-256 of the token is kept.
 */
export const teamClaims = pgTable(
  'team_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderDesignId: integer('order_design_id')
      .notNull()
      .unique()
      .references(() => orderDesigns.id, { onDelete: 'cascade' }),
    serialId: integer('serial_id')
      .notNull()
      .unique()
      .references(() => serials.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [index('team_claims_email_idx').on(table.email)],
);

export type DesignUploadRow = typeof designUploads.$inferSelect;
export type OrderDesignRow = typeof orderDesigns.$inferSelect;
export type OrderProofRow = typeof orderProofs.$inferSelect;
export type TeamClaimRow = typeof teamClaims.$inferSelect;

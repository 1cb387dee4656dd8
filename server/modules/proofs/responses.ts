import { z } from 'zod';
import { ORDER_STATUSES } from '../../db/schema/orders.ts';
import { PROOF_STATUSES } from '../../db/schema/personalisation.ts';

const source = z.enum(['generated', 'uploaded']);

/** A proof as its customer sees it: the order's number, never its address or other personal data. */
export const customerProofSchema = z
  .strictObject({
    order_id: z.number().int(),
    order_number: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    version: z.number().int(),
    newest_version: z.number().int().describe('A newer version than this one supersedes it.'),
    source,
    status: z.enum(PROOF_STATUSES),
    /** True while the customer can still approve it or ask for changes. */
    open: z.boolean(),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    customer_note: z.string().nullable(),
    firm_note: z.string().nullable().describe('What the firm wrote to the customer with this version.'),
    changes: z.array(z.string()).describe('What the firm corrected since the previous version, in words.'),
    /** The printed cards whose front and back pictures the page shows (a generated proof only). */
    cards: z.array(z.strictObject({ id: z.number().int(), label: z.string() })),
  })
  .meta({ id: 'CustomerProof' });
export type CustomerProof = z.output<typeof customerProofSchema>;

const correctableCardSchema = z
  .strictObject({
    id: z.number().int(),
    line: z.string(),
    design: z.string(),
    fields: z.array(z.string()),
    printed: z.strictObject({
      name: z.string().optional(),
      title: z.string().optional(),
      company: z.string().optional(),
      logo: z.number().int().optional(),
      signature: z.number().int().optional(),
      qr: z.boolean().optional(),
    }),
    member_email: z.string().nullable(),
    qr_text: z.string(),
  })
  .meta({ id: 'CorrectableCard' });

/** One version in the order's proof history, for the firm. */
const adminProofSchema = z
  .strictObject({
    id: z.number().int(),
    version: z.number().int(),
    source,
    status: z.enum(PROOF_STATUSES),
    customer_note: z.string().nullable(),
    firm_note: z.string().nullable(),
    changes: z.array(z.string()),
    created_by: z.string().nullable(),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    reminded_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminProof' });

export const adminProofListSchema = z
  .strictObject({
    /** Whether the order has printed cards to generate a proof from. */
    can_generate: z.boolean(),
    results: z.array(adminProofSchema),
    /** The order's printed cards as they are now, for the firm's correction form. */
    cards: z.array(correctableCardSchema),
    /** The pictures those cards print, by upload id (PNG data URLs), so the form draws them too. */
    pictures: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AdminProofList' });
export type AdminProofList = z.output<typeof adminProofListSchema>;

import { z } from 'zod';
import { BLOCK_REASON_CODES, type BlockReason } from '../../../common/block-reasons.ts';
import { SERIAL_STATUSES } from '../../db/schema/registry.ts';
import { numberedPageSchema } from '../paging.ts';

const count = z.number().int().nullable();

/** The spec's verification result, plus when the serial was first verified and whether this check counted. */
export const verificationResultSchema = z
  .strictObject({
    valid: z.boolean(),
    status: z.string().describe('The verdict to show, word for word.'),
    serial_number: z.string().nullable(),
    sku: z.string().nullable(),
    attempts: count,
    attempts_left: count,
    first_verified_at: z.iso.datetime().nullable(),
    reported_lost: z
      .boolean()
      .describe('The owner of this genuine card reported it lost: it is not theirs to sell or give away.'),
    counted: z
      .boolean()
      .describe(
        "Whether this check raised the serial's count. A serial counts once per client per UTC day, and never " +
          'for a request another site made (Sec-Fetch-Site, Origin) or one that asked `count=0`; ' +
          'otherwise the answer shows the count as it stands.',
      ),
  })
  .meta({ id: 'VerificationResult' });
export type VerificationResult = z.output<typeof verificationResultSchema>;

/** A refused check (no code, or too many failed look-ups) also carries the error's `detail`. */
export const refusedVerificationSchema = verificationResultSchema
  .extend({ detail: z.string() })
  .meta({ id: 'RefusedVerification' });
export type RefusedVerification = z.output<typeof refusedVerificationSchema>;

/** A card a user has claimed, as /profile lists it. */
export const claimedCardSchema = z
  .strictObject({
    serial_number: z.string(),
    display: z.string(),
    sku: z.string(),
    card_name: z.string(),
    status: z.enum(SERIAL_STATUSES),
    claimed_at: z.iso.datetime().nullable(),
    tap_url: z.string(),
    lost_at: z.iso.datetime().nullable().describe('Set while the owner reports the card lost.'),
    transfer: z
      .strictObject({ to_email: z.string(), expires_at: z.iso.datetime() })
      .nullable()
      .describe("The owner's pending offer of this card to someone else, if any."),
  })
  .meta({ id: 'ClaimedCard' });
export type ClaimedCard = z.output<typeof claimedCardSchema>;

export const claimedCardListSchema = z.array(claimedCardSchema);

/** A serial as the admin console lists it. */
export const adminSerialRowSchema = z
  .strictObject({
    serial: z.string(),
    display: z.string().describe('The serial as printed, with its dashes.'),
    sku: z.string(),
    card_id: z.number().int(),
    card_name: z.string(),
    status: z.enum(SERIAL_STATUSES),
    block_reason: z
      .enum(BLOCK_REASON_CODES as [BlockReason, ...BlockReason[]])
      .nullable()
      .describe('Why the firm blocked it (a code of the block reasons), while blocked.'),
    verification_count: z.number().int(),
    suspicious: z.boolean().describe('Verified more often than a genuine card is.'),
    last_verified_at: z.iso.datetime().nullable(),
    claimed_by: z.strictObject({ id: z.number().int(), email: z.string(), username: z.string() }).nullable(),
    lost_at: z.iso.datetime().nullable().describe('Set while the owner reports the card lost.'),
    created_at: z.iso.datetime(),
    secure_chip: z
      .strictObject({
        uid: z.string().nullable().describe("The chip's UID once bound after encoding."),
        key_version: z.number().int(),
        rekeying_to: z.number().int().nullable(),
      })
      .nullable()
      .describe('Set for a secure (NTAG 424 DNA) card; never any key.'),
  })
  .meta({ id: 'AdminSerialRow' });
export type AdminSerialRow = z.output<typeof adminSerialRowSchema>;

/** One serial with its newest verifications. */
export const adminSerialSchema = adminSerialRowSchema
  .extend({
    first_verified_at: z.iso.datetime().nullable(),
    claimed_at: z.iso.datetime().nullable(),
    history: z.array(
      z.strictObject({
        count: z.number().int(),
        client: z.string().describe("The start of the checker's keyed hash: enough to tell repeats apart."),
        at: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'AdminSerial' });
export type AdminSerial = z.output<typeof adminSerialSchema>;

/** `/api/admin/serials/`. */
export const adminSerialPageSchema = numberedPageSchema(adminSerialRowSchema).meta({ id: 'AdminSerialPage' });

export const serialImportSchema = z
  .strictObject({ imported: z.number().int(), detail: z.string() })
  .meta({ id: 'SerialImport' });
export type SerialImport = z.output<typeof serialImportSchema>;

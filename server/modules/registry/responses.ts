import { z } from 'zod';
import { SERIAL_STATUSES } from '../../db/schema/registry.ts';

const count = z.number().int().nullable();

/** The spec's verification result, plus when the serial was first verified. */
export const verificationResultSchema = z
  .strictObject({
    valid: z.boolean(),
    status: z.string().describe('The verdict to show, word for word.'),
    serial_number: z.string().nullable(),
    sku: z.string().nullable(),
    attempts: count,
    attempts_left: count,
    first_verified_at: z.iso.datetime().nullable(),
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
  })
  .meta({ id: 'ClaimedCard' });
export type ClaimedCard = z.output<typeof claimedCardSchema>;

export const claimedCardListSchema = z.array(claimedCardSchema);

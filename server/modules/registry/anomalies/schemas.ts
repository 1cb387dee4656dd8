import { z } from 'zod';
import { BLOCK_REASON_CODES, type BlockReason } from '../../../../common/block-reasons.ts';
import { MAX_SERIAL_CSV_BYTES } from '../../../../common/limits.ts';
import { MAX_BLOCK_NOTE, REGISTRY_SIGNAL_MESSAGES } from '../../../../common/messages/registry-signals.ts';
import { SERIAL_FLAG_KINDS, TAP_EVENT_KINDS } from '../../../../common/tap-proof.ts';

const M = REGISTRY_SIGNAL_MESSAGES;

const blockReasonSchema = z.enum(BLOCK_REASON_CODES as [BlockReason, ...BlockReason[]], {
  error: M.chooseReason,
});

export const blockBody = z.strictObject({
  reason: blockReasonSchema,
  note: z.string().trim().max(MAX_BLOCK_NOTE, M.noteTooLong).optional(),
});

export const bulkBlockBody = z.strictObject({
  csv: z
    .string({ error: M.chooseCsv })
    .min(1, M.chooseCsv)
    .max(MAX_SERIAL_CSV_BYTES, 'The file is too large.'),
  /** false (the default): check the file and answer what would be blocked; true: block them. */
  apply: z.boolean().default(false),
});

export const serialSignalsSchema = z
  .strictObject({
    serial: z.string(),
    status: z.enum(['active', 'blocked']),
    block_reason: z.enum(BLOCK_REASON_CODES as [BlockReason, ...BlockReason[]]).nullable(),
    chip: z.strictObject({
      secure: z.boolean().describe('The card has an NTAG 424 DNA chip whose taps are verified.'),
      uid: z.string().nullable().describe('The chip UID bound at import; null while a placeholder.'),
      key_version: z.number().int().nullable(),
      next_key_version: z.number().int().nullable(),
      counter: z.number().int().nullable().describe('The highest read counter accepted.'),
    }),
    flags: z.array(
      z.strictObject({
        id: z.number().int(),
        kind: z.enum(SERIAL_FLAG_KINDS),
        detail: z.string(),
        occurrences: z.number().int(),
        first_seen_at: z.iso.datetime(),
        last_seen_at: z.iso.datetime(),
        reported_at: z.iso.datetime().nullable(),
      }),
    ),
    taps: z.array(
      z.strictObject({
        kind: z.enum(TAP_EVENT_KINDS),
        at: z.iso.datetime(),
        counter: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'SerialSignals' });
export type SerialSignals = z.output<typeof serialSignalsSchema>;

export const bulkBlockSchema = z
  .strictObject({
    applied: z.boolean(),
    rows: z.array(
      z.strictObject({
        line: z.number().int(),
        serial: z.string(),
        display: z.string().describe('The serial as printed, with dashes.'),
        reason: z.enum(BLOCK_REASON_CODES as [BlockReason, ...BlockReason[]]),
        note: z.string(),
        was: z.enum(['active', 'blocked']),
      }),
    ),
    detail: z.string(),
  })
  .meta({ id: 'BulkBlock' });
export type BulkBlock = z.output<typeof bulkBlockSchema>;

import { z } from 'zod';
import { BANK_LINE_STATES } from '../../../db/schema/index.ts';

const money = z.string().describe('The amount with two decimals, in `currency`.');

export const bankLineSchema = z
  .strictObject({
    id: z.number().int(),
    statement_id: z.number().int(),
    booked_on: z.string().describe('YYYY-MM-DD, the day the bank booked it.'),
    amount: money,
    currency: z.string().describe('ISO 4217 code.'),
    counterparty: z.string().nullable().describe('Who sent the money, as the bank names them.'),
    remittance: z.string().nullable().describe('The reference and free text the sender gave.'),
    state: z.enum(BANK_LINE_STATES),
    order_number: z.string().nullable().describe('The order it paid, once matched or assigned.'),
  })
  .meta({ id: 'BankLine' });
export type BankLine = z.output<typeof bankLineSchema>;

const bankStatementSchema = z
  .strictObject({
    id: z.number().int(),
    format: z.enum(['camt053', 'csv']),
    reference: z.string().describe('The statement’s own id, or the file’s name.'),
    account: z.string().nullable(),
    imported_at: z.iso.datetime({ offset: true }),
    imported_by: z.string().nullable().describe('The admin’s e-mail.'),
    lines: z.number().int().describe('Lines it added (lines already imported are not counted).'),
    to_assign: z.number().int().describe('Of those, how many still wait for the admin.'),
  })
  .meta({ id: 'BankStatement' });

/** `/api/admin/bank/`: the lines waiting for the admin, oldest first, and the latest statements. */
export const bankOverviewSchema = z
  .strictObject({
    to_assign: z.array(bankLineSchema),
    to_assign_count: z.number().int().describe('All lines waiting; the list shows the oldest 200.'),
    set_aside: z
      .array(bankLineSchema)
      .describe('The lines set aside most recently (50), which can be put back.'),
    statements: z.array(bankStatementSchema),
  })
  .meta({ id: 'BankOverview' });
export type BankOverview = z.output<typeof bankOverviewSchema>;

export const statementImportSchema = z
  .strictObject({
    statement_id: z.number().int().nullable().describe('Null when the file held nothing new.'),
    format: z.enum(['camt053', 'csv']),
    lines: z.number().int().describe('Credits in the file.'),
    matched: z.number().int().describe('Lines that paid what their order owed.'),
    partial: z.number().int().describe('Lines that paid part of what their order owed.'),
    to_assign: z.number().int(),
    already_imported: z.number().int(),
    debits_skipped: z.number().int().describe('Money out: not payments.'),
    not_booked_skipped: z.number().int().describe('Entries the bank has not booked yet.'),
    held: z
      .array(z.string())
      .describe(
        'Lines left for the admin although they quote an order, and bookings to check, each with why.',
      ),
    detail: z.string().describe('The result in one sentence.'),
  })
  .meta({ id: 'StatementImport' });
export type StatementImport = z.output<typeof statementImportSchema>;

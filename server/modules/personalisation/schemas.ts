import { z } from 'zod';
import { PRINT_TEXT_MAX_LENGTH } from '../../../common/card-design/personalisation.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { formId } from '../../http/id-param.ts';

const printedText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .optional();

/** One printed card of a line: the texts, the buyer's uploads by id, the back-side QR, a team member. */
export const printedCardSchema = z.strictObject({
  name: printedText(PRINT_TEXT_MAX_LENGTH.name, 'The printed name'),
  title: printedText(PRINT_TEXT_MAX_LENGTH.title, 'The job title'),
  company: printedText(PRINT_TEXT_MAX_LENGTH.company, 'The company'),
  logo: formId(PERSONALISATION_MESSAGES.unknownUpload).optional(),
  signature: formId(PERSONALISATION_MESSAGES.unknownUpload).optional(),
  qr: z.boolean({ error: 'qr must be true or false.' }).optional(),
  member_email: z
    .string({ error: PERSONALISATION_MESSAGES.memberEmail })
    .trim()
    .toLowerCase()
    .max(254, PERSONALISATION_MESSAGES.memberEmail)
    .pipe(z.email({ error: PERSONALISATION_MESSAGES.memberEmail }))
    .optional(),
});
export type PrintedCardInput = z.output<typeof printedCardSchema>;

/** The firm's correction of one printed card of an order: its row and the card's details, checked as the buyer's. */
export const correctedCardSchema = printedCardSchema.extend({
  id: formId(PERSONALISATION_MESSAGES.notOnOrder),
});
export type CorrectedCardInput = z.output<typeof correctedCardSchema>;

import { z } from 'zod';
import { MAX_PRINTED_PER_ORDER } from '../../../common/card-design/personalisation.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { PROOF_MESSAGES, PROOF_NOTE_MAX_LENGTH } from '../../../common/messages/proofs.ts';
import { correctedCardSchema } from '../personalisation/schemas.ts';

const decision = z.enum(['approve', 'request_changes'], { error: 'Choose "approve" or "request_changes".' });
const note = z.string().trim().max(PROOF_NOTE_MAX_LENGTH, PROOF_MESSAGES.noteTooLong).optional().default('');

const noteWhenChanges = <T extends { decision: string; note: string }>(body: T, context: z.RefinementCtx) => {
  if (body.decision === 'request_changes' && !body.note) {
    context.addIssue({ code: 'custom', message: PROOF_MESSAGES.noteRequired, path: ['note'] });
  }
};

/** The customer's answer from the mailed link: the token names the proof. */
export const linkDecisionBody = z.strictObject({ decision, note }).superRefine(noteWhenChanges);

/** The signed-in customer's answer: the version they saw, so an answer never lands on a newer one. */
export const ownerDecisionBody = z
  .strictObject({ version: z.number().int().min(1).max(10_000), decision, note })
  .superRefine(noteWhenChanges);

export type DecisionBody = z.output<typeof linkDecisionBody>;

/** The firm's "Send proof to customer" (the generated one) or the text fields of an upload. */
export const sendProofBody = z.strictObject({
  note: z.string().trim().max(500, PROOF_MESSAGES.firmNoteTooLong).optional().default(''),
});

/**
 * The firm's "Send proof": the generated proof of the cards as they are, or (`cards`) as the firm corrects
 * them, each card checked by the buyer's own schema and limits.
 */
export const sendGeneratedProofBody = sendProofBody.extend({
  cards: z
    .array(correctedCardSchema)
    .max(MAX_PRINTED_PER_ORDER, PERSONALISATION_MESSAGES.tooManyPrinted)
    .optional(),
});

export const proofSideParam = z.enum(['front', 'back']);

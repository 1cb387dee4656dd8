import { z } from 'zod';
import { EXCHANGE_FIELD_MAX_LENGTH } from '../../../common/limits.ts';
import { EXCHANGE_MESSAGES } from '../../../common/messages/exchange.ts';
import { REQUIRED } from '../../../common/messages/forms.ts';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, PHONE_RULE } from '../../../common/phone.ts';
import { emailField } from '../accounts/schemas.ts';

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters.`).optional().default('');

/** Empty, or a valid address: one of e-mail and phone is enough. */
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .optional()
  .default('')
  .pipe(z.union([z.literal(''), emailField]));

const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH + 1, PHONE_RULE)
  .optional()
  .default('')
  .pipe(z.union([z.literal(''), z.string().regex(PHONE_PATTERN, PHONE_RULE)], { error: PHONE_RULE }));

/**
 * What a visitor shares from someone's card page, as JSON (`POST …/exchange/`) and as the page's form
 * (whose checkbox the page turns into `consent: true`).
 */
export const exchangeSchema = z
  .strictObject({
    name: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(EXCHANGE_FIELD_MAX_LENGTH.name, `At most ${EXCHANGE_FIELD_MAX_LENGTH.name} characters.`),
    email: optionalEmail,
    phone: optionalPhone,
    company: optionalText(EXCHANGE_FIELD_MAX_LENGTH.company),
    job_title: optionalText(EXCHANGE_FIELD_MAX_LENGTH.job_title),
    note: optionalText(EXCHANGE_FIELD_MAX_LENGTH.note),
    consent: z.literal(true, { error: EXCHANGE_MESSAGES.consentNeeded }),
    /** Bots fill every field; people never see this one. */
    website: z.string().max(500).optional().default(''),
    /**
     * The page's `?via=` (a tap of which card, the QR code, or nothing), copied in by the page's script. It
     * comes from whatever link the visitor followed, so one that is not a source is no source, never a refusal.
     */
    via: z.string().max(40).optional().default('').catch(''),
  })
  .superRefine((input, context) => {
    if (input.email === '' && input.phone === '') {
      for (const path of ['email', 'phone']) {
        context.addIssue({ code: 'custom', path: [path], message: EXCHANGE_MESSAGES.reachable });
      }
    }
  });

export type ExchangeInput = z.output<typeof exchangeSchema>;

import { z } from 'zod';
import { LEAD_FIELD_MAX_LENGTH } from '../../../common/limits.ts';
import { REQUIRED } from '../../../common/messages/forms.ts';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, PHONE_RULE } from '../../../common/phone.ts';
import { emailField } from '../accounts/schemas.ts';

export const LEAD_MESSAGES = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Failed to send message.',
  required: REQUIRED,
} as const;

const required = (max: number) =>
  z
    .string({ error: LEAD_MESSAGES.required })
    .trim()
    .min(1, LEAD_MESSAGES.required)
    .max(max, `At most ${max} characters.`);

/** Bots fill every field; people never see this one. */
const honeypot = z.string().max(500).optional().default('');

/** The contact form: all five fields required (spec field names). */
export const contactSchema = z.strictObject({
  firstName: required(LEAD_FIELD_MAX_LENGTH.name),
  email: emailField,
  phoneNumber: z
    .string({ error: LEAD_MESSAGES.required })
    .trim()
    .min(1, LEAD_MESSAGES.required)
    .max(PHONE_MAX_LENGTH + 1, PHONE_RULE)
    .pipe(z.string().regex(PHONE_PATTERN, PHONE_RULE)),
  subject: required(LEAD_FIELD_MAX_LENGTH.subject),
  message: required(LEAD_FIELD_MAX_LENGTH.message),
  website: honeypot,
});

/** The Free Consultation form of a service page. */
export const consultationSchema = z.strictObject({
  name: required(LEAD_FIELD_MAX_LENGTH.name),
  email: emailField,
  message: required(LEAD_FIELD_MAX_LENGTH.message),
  service: z.string().trim().max(100).optional().default(''),
  website: honeypot,
});

export type ContactInput = z.output<typeof contactSchema>;
export type ConsultationInput = z.output<typeof consultationSchema>;

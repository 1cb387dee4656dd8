import { z } from 'zod';
import { emailField } from '../accounts/schemas.ts';

export const LEAD_MESSAGES = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Failed to send message.',
  required: 'This field is required.',
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
  firstName: required(100),
  email: emailField,
  phoneNumber: z
    .string({ error: LEAD_MESSAGES.required })
    .trim()
    .min(1, LEAD_MESSAGES.required)
    .pipe(
      z.string().regex(/^\+?[\d\s().-]{3,30}$/, 'Enter a phone number: digits, spaces and + ( ) - only.'),
    ),
  subject: required(200),
  message: required(5000),
  website: honeypot,
});

/** The Free Consultation form of a service page. */
export const consultationSchema = z.strictObject({
  name: required(100),
  email: emailField,
  message: required(5000),
  service: z.string().trim().max(100).optional().default(''),
  website: honeypot,
});

export type ContactInput = z.output<typeof contactSchema>;
export type ConsultationInput = z.output<typeof consultationSchema>;

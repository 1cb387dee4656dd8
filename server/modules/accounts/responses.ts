import { z } from 'zod';

/** The signed-in user as the API shows it (never the password hash). */
export const userSchema = z
  .strictObject({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    company: z.string(),
    job_title: z.string(),
    bio: z.string(),
    location: z.string(),
    facebook: z.string(),
    instagram: z.string(),
    twitter: z.string(),
    youtube: z.string(),
    github: z.string(),
    linkedin: z.string(),
    profile_image: z.string().nullable(),
    show_email: z
      .boolean()
      .describe('The owner chose to show the e-mail on the public card (off unless they did).'),
    role: z.enum(['user', 'admin']),
    pending_email: z
      .string()
      .nullable()
      .describe('A new e-mail waiting for its confirmation link (the account keeps `email` until then).'),
  })
  .meta({ id: 'User' });
export type User = z.output<typeof userSchema>;

export const loginAnswerSchema = z
  .strictObject({ detail: z.string(), user: userSchema })
  .meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.output<typeof loginAnswerSchema>;

export const emailConfirmedSchema = z
  .strictObject({ detail: z.string(), email: z.string() })
  .meta({ id: 'EmailConfirmed' });
export type EmailConfirmed = z.output<typeof emailConfirmedSchema>;

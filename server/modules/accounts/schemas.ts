import { z } from 'zod';
import { safeNext } from '../../../app/lib/safe-next.ts';

export const REQUIRED = 'This field is required.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const required = (max: number, label: string) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} is at most ${max} characters.`);

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, REQUIRED)
  .max(254, 'E-mail is at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const newPasswordField = z
  .string({ error: REQUIRED })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const registerSchema = z
  .strictObject({
    first_name: required(50, 'First name'),
    last_name: required(50, 'Last name'),
    email: emailField,
    password: newPasswordField,
    password2: z
      .string({ error: REQUIRED })
      .min(1, REQUIRED)
      .max(128, 'Password must be at most 128 characters.'),
    /** Where the buyer was going (e.g. /checkout): carried through the activation link to the login. */
    next: z
      .string()
      .max(500)
      .optional()
      .transform((value) => safeNext(value, '') || undefined),
  })
  .refine((input) => input.password === input.password2, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['password2'],
  });

export const loginSchema = z.strictObject({
  email: z.string({ error: REQUIRED }).trim().toLowerCase().min(1, REQUIRED).max(254),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1024),
});

export const forgotPasswordSchema = z.strictObject({ email: emailField });

export const resetPasswordSchema = z
  .strictObject({
    password: newPasswordField,
    confirm_password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(128),
  })
  .refine((input) => input.password === input.confirm_password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirm_password'],
  });

export const tokenParamsSchema = z.object({
  uid: z.string().max(32),
  token: z.string().max(64),
});

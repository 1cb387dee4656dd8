import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_LENGTH } from '../../../common/limits.ts';
import {
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
} from '../../../common/messages/accounts.ts';
import { REQUIRED } from '../../../common/messages/forms.ts';
import { safeNext } from '../../../common/safe-next.ts';

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
  .min(PASSWORD_LENGTH.min, PASSWORD_TOO_SHORT)
  .max(PASSWORD_LENGTH.max, PASSWORD_TOO_LONG);

export const registerSchema = z
  .strictObject({
    first_name: required(NAME_MAX_LENGTH, 'First name'),
    last_name: required(NAME_MAX_LENGTH, 'Last name'),
    email: emailField,
    password: newPasswordField,
    password2: z.string({ error: REQUIRED }).min(1, REQUIRED).max(PASSWORD_LENGTH.max, PASSWORD_TOO_LONG),
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
    confirm_password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(PASSWORD_LENGTH.max),
  })
  .refine((input) => input.password === input.confirm_password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirm_password'],
  });

export const tokenParamsSchema = z.object({
  uid: z.string().max(32),
  token: z.string().max(64),
});

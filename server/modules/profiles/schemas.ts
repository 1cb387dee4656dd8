import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_LENGTH, PROFILE_FIELD_MAX_LENGTH } from '../../../common/limits.ts';
import { PASSWORDS_DO_NOT_MATCH } from '../../../common/messages/accounts.ts';
import { PHONE_PATTERN, PHONE_RULE } from '../../../common/phone.ts';
import { emailField, newPasswordField } from '../accounts/schemas.ts';

const HTTP_LINK_ONLY = 'Enter a link that starts with http:// or https://.';
const USERNAME_RULE = 'A username is 3 to 30 characters: lowercase letters, digits and dashes.';

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/, USERNAME_RULE);

/** Only http(s) links: a `javascript:` or `data:` link in a profile would run in its visitors' browsers. */
const httpLink = z
  .string()
  .trim()
  .max(300, 'A link is at most 300 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
    } catch {
      return false;
    }
  }, HTTP_LINK_ONLY);

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters.`);

export const profileUpdateSchema = z
  .strictObject({
    first_name: text(NAME_MAX_LENGTH, 'First name').min(1),
    last_name: text(NAME_MAX_LENGTH, 'Last name'),
    username: usernameField,
    email: emailField,
    phone: z.string().trim().regex(PHONE_PATTERN, PHONE_RULE),
    company: text(PROFILE_FIELD_MAX_LENGTH.company, 'Company'),
    job_title: text(PROFILE_FIELD_MAX_LENGTH.job_title, 'Job title'),
    bio: text(PROFILE_FIELD_MAX_LENGTH.bio, 'Bio'),
    location: httpLink,
    facebook: httpLink,
    instagram: httpLink,
    twitter: httpLink,
    youtube: httpLink,
    github: httpLink,
    linkedin: httpLink,
    // Always sent by the form ('true' or 'false'): an unticked checkbox alone would send nothing.
    show_email: z
      .enum(['true', 'false'], "show_email is 'true' or 'false'.")
      .transform((value) => value === 'true'),
    password: newPasswordField,
    password2: z.string().max(PASSWORD_LENGTH.max),
    current_password: z.string().max(1024),
  })
  .partial()
  .refine((input) => input.password === undefined || input.password === input.password2, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['password2'],
  });

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

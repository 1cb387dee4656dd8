import { z } from 'zod';
import { emailField, newPasswordField, PASSWORDS_DO_NOT_MATCH } from '../accounts/schemas.ts';

export const HTTP_LINK_ONLY = 'Enter a link that starts with http:// or https://.';
export const USERNAME_RULE = 'A username is 3 to 30 characters: lowercase letters, digits and dashes.';

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/, USERNAME_RULE);

/** Only http(s) links: a `javascript:` or `data:` link in a profile would run in its visitors' browsers. */
export const httpLink = z
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

/** Fields that may be emptied; the others keep their value when sent empty. */
export const CLEARABLE_FIELDS = [
  'last_name',
  'phone',
  'company',
  'job_title',
  'bio',
  'location',
  'facebook',
  'instagram',
  'twitter',
  'youtube',
  'github',
  'linkedin',
] as const;

export const profileUpdateSchema = z
  .strictObject({
    first_name: text(50, 'First name').min(1),
    last_name: text(50, 'Last name'),
    username: usernameField,
    email: emailField,
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{3,30}$/, 'Enter a phone number: digits, spaces and + ( ) - only.'),
    company: text(100, 'Company'),
    job_title: text(100, 'Job title'),
    bio: text(1000, 'Bio'),
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
    password2: z.string().max(128),
    current_password: z.string().max(1024),
  })
  .partial()
  .refine((input) => input.password === undefined || input.password === input.password2, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['password2'],
  });

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

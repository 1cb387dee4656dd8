import { z } from 'zod';
import { CARD_ACCENT_KEYS } from '../../../common/card-accents.ts';
import { NAME_MAX_LENGTH, PASSWORD_LENGTH, PROFILE_FIELD_MAX_LENGTH } from '../../../common/limits.ts';
import { PASSWORDS_DO_NOT_MATCH } from '../../../common/messages/accounts.ts';
import { LINK_TITLE_NEEDED, LINK_URL_RULE, TOO_MANY_LINKS } from '../../../common/messages/profiles.ts';
import { PHONE_PATTERN, PHONE_RULE } from '../../../common/phone.ts';
import {
  isAllowedLinkUrl,
  LINK_ICONS,
  LINK_TITLE_MAX_LENGTH,
  LINK_URL_MAX_LENGTH,
  MAX_LINKS,
} from '../../../common/profile-links.ts';
import { SWITCHABLE_FIELDS } from '../../../common/profile-visibility.ts';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../../common/social-networks.ts';
import { MAX_ID } from '../../http/id-param.ts';
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
    password: newPasswordField,
    password2: z.string().max(PASSWORD_LENGTH.max),
    current_password: z.string().max(1024),
    // The spec's six social URLs: a view over the links (social-fields.ts).
    ...(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, httpLink])) as Record<
      SocialNetwork,
      typeof httpLink
    >),
  })
  .partial()
  .refine((input) => input.password === undefined || input.password === input.password2, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['password2'],
  });

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** `PATCH /auth/profile/card/`: what the public card shows, whether it shows at all, its colour, and insights. */
export const cardSettingsSchema = z
  .strictObject({
    public_fields: z
      .array(z.enum(SWITCHABLE_FIELDS))
      .max(SWITCHABLE_FIELDS.length)
      .transform((fields) => [...new Set(fields)]),
    profile_private: z.boolean(),
    accent: z.enum(CARD_ACCENT_KEYS),
    insights_enabled: z.boolean(),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Send at least one setting to change.');
export type CardSettings = z.output<typeof cardSettingsSchema>;

const linkSchema = z.strictObject({
  /** An existing link keeps its id (and later its click counts); a new one has none. */
  id: z.number().int().positive().max(MAX_ID).optional(),
  title: text(LINK_TITLE_MAX_LENGTH, 'A link title').min(1, LINK_TITLE_NEEDED),
  url: z
    .string()
    .trim()
    .max(LINK_URL_MAX_LENGTH, `A link is at most ${LINK_URL_MAX_LENGTH} characters.`)
    .refine(isAllowedLinkUrl, LINK_URL_RULE),
  icon: z.enum(LINK_ICONS).nullable(),
  enabled: z.boolean(),
});

/** `PUT /auth/profile/links/`: the whole list in its new order (a link left out is deleted). */
export const linksUpdateSchema = z.strictObject({
  links: z.array(linkSchema).max(MAX_LINKS, TOO_MANY_LINKS),
});
export type LinksUpdate = z.output<typeof linksUpdateSchema>;

import { z } from 'zod';
import { CARD_ACCENT_KEYS } from '../../../common/card-accents.ts';
import { LINK_ICONS } from '../../../common/profile-links.ts';
import { SWITCHABLE_FIELDS } from '../../../common/profile-visibility.ts';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../../common/social-networks.ts';
import { roleSchema } from '../accounts/responses.ts';

const cardLinkSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    icon: z.enum(LINK_ICONS).nullable(),
  })
  .meta({ id: 'CardLink' });

const ownedLinkSchema = cardLinkSchema
  .extend({ enabled: z.boolean().describe('Off: kept in the owner’s list, shown to no one else.') })
  .meta({ id: 'OwnedLink' });

const hidden = 'Empty unless the owner chose to show it.';

/** What anyone may see of a card: the fields its owner switched on, and the links they left enabled. */
export const publicProfileSchema = z
  .strictObject({
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    job_title: z.string().describe(hidden),
    company: z.string().describe(hidden),
    phone: z.string().describe(hidden),
    email: z.string().describe(hidden),
    location: z.string().describe(hidden),
    bio: z.string().describe(hidden),
    profile_image: z.string().nullable(),
    accent: z.enum(CARD_ACCENT_KEYS),
    links: z.array(cardLinkSchema),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.output<typeof publicProfileSchema>;

/** The spec's six social URLs, each its network's first link ('' for none): a view over `links`. */
const socialFields = Object.fromEntries(
  SOCIAL_NETWORKS.map((network) => [
    network,
    z.string().describe(`The first ${network} link's URL, '' when there is none.`),
  ]),
) as Record<SocialNetwork, z.ZodString>;

/** `GET /auth/public-profile/{username}/`: the public card with the spec's social fields. */
export const publicProfileAnswerSchema = publicProfileSchema
  .extend(socialFields)
  .meta({ id: 'PublicProfileAnswer' });

/** The owner's own card: every field, every link, and their choices about what others see. */
const ownedCardSchema = publicProfileSchema.extend({
  job_title: z.string(),
  company: z.string(),
  phone: z.string(),
  email: z.string(),
  location: z.string(),
  bio: z.string(),
  links: z.array(ownedLinkSchema),
  ...socialFields,
  public_fields: z.array(z.enum(SWITCHABLE_FIELDS)).describe('The fields the public card shows.'),
  profile_private: z
    .boolean()
    .describe('On: the card page, its tap links and its API answer 404 to everyone but the owner.'),
  insights_enabled: z
    .boolean()
    .describe(
      'On: visits, saves, link clicks and exchanges are counted for the owner. Turned off, all of it is deleted.',
    ),
});

/** The signed-in user as the API shows it: their whole card and the account's own fields (never the password hash). */
export const userSchema = ownedCardSchema
  .extend({
    id: z.number().int(),
    role: roleSchema,
    pending_email: z
      .string()
      .nullable()
      .describe('A new e-mail waiting for its confirmation link (the account keeps `email` until then).'),
    card_path: z
      .string()
      .describe(
        'The path of the permanent address printed on the account’s cards (`/p/{code}`): it keeps leading to this card whatever its username becomes.',
      ),
  })
  .meta({ id: 'User' });
export type User = z.output<typeof userSchema>;

export const loginAnswerSchema = z
  .strictObject({ detail: z.string(), user: userSchema })
  .meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.output<typeof loginAnswerSchema>;

import type { OwnedLink } from '../../../common/profile-visibility.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { UserAnswer } from '../accounts/user-answer.ts';
import { linksOf } from './links.ts';
import { printedPath } from './printed-address.ts';
import { loginAnswerSchema, type User, userSchema } from './responses.ts';
import { socialFieldsOf } from './social-fields.ts';

/** The account as its owner sees it through the API, with the links on its card. */
export function toUser(row: UserRow, links: OwnedLink[]): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    bio: row.bio,
    location: row.location,
    profile_image: row.profileImage,
    accent: row.accent,
    links,
    ...socialFieldsOf(links),
    public_fields: row.publicFields,
    profile_private: row.profilePrivate,
    insights_enabled: row.insightsEnabled,
    role: row.role,
    pending_email: row.pendingEmail,
    card_path: printedPath(row),
  };
}

/** `toUser` with the account's links read from the database. */
export async function userView(db: Db, row: UserRow): Promise<User> {
  return toUser(row, await linksOf(db, row.id));
}

/** The view the accounts routes answer with (accounts/user-answer.ts). */
export const signedInUserAnswer: UserAnswer = {
  schema: userSchema,
  loginSchema: loginAnswerSchema,
  view: userView,
};

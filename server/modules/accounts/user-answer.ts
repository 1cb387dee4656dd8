import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * How the signed-in account is shown in the answers of sign-in, `/auth/profile/` and a cancelled e-mail
 * change: with its whole card, which is the profiles module's to show. Accounts sits below profiles (profiles
 * build on its sessions, passwords and e-mail changes), so the view is handed to these routes where they are
 * mounted rather than imported (decision 045).
 */
export interface UserAnswer {
  /** The account's answer (`User` in the API document). */
  schema: z.ZodType;
  /** Sign-in's answer: a message and the account (`LoginAnswer`). */
  loginSchema: z.ZodType;
  view(db: Db, row: UserRow): Promise<{ id: number }>;
}

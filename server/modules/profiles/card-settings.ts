import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { publishCardPages } from '../../http/card-page-changes.ts';
import { forgetInsights } from '../insights/switch-off.ts';
import type { User } from './responses.ts';
import type { CardSettings } from './schemas.ts';
import { userView } from './user-view.ts';

interface CardSettingsDeps {
  db: Db;
  publish(topic: string): Promise<void>;
}

/**
 * The owner's choices about their card: which fields others see, whether anyone does, its colour, and whether
 * its visits are counted (turning that off deletes what was counted).
 */
export async function changeCardSettings(
  deps: CardSettingsDeps,
  userId: number,
  input: CardSettings,
): Promise<User> {
  const changes: Partial<UserRow> = {};
  if (input.public_fields !== undefined) changes.publicFields = input.public_fields;
  if (input.profile_private !== undefined) changes.profilePrivate = input.profile_private;
  if (input.accent !== undefined) changes.accent = input.accent;
  if (input.insights_enabled !== undefined) changes.insightsEnabled = input.insights_enabled;
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    // Off means gone: what was recorded is deleted with the switch, and back on starts from zero.
    if (row && input.insights_enabled === false) await forgetInsights(tx, userId);
    return row;
  });
  if (!updated) throw new AppError('not_found', ACCOUNT_MESSAGES.notSignedIn);
  await publishCardPages(deps, updated.username);
  return userView(deps.db, updated);
}

import type { Db } from '../../db/client.ts';
import type { AfterAnswer } from '../../http/after-answer.ts';
import type { Mailer } from '../../mail/index.ts';
import type { Sessions } from './sessions.ts';

/** What the accounts' rules need from the composition root. */
export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  sessions: Sessions;
  publicUrl: string;
  afterAnswer: AfterAnswer;
}

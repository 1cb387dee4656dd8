import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/index.ts';

/** What the proof step needs: the database, the mail queue, links and the secret that signs them. */
export interface ProofDeps {
  db: Db;
  mailer: Pick<Mailer, 'sendLater'>;
  publicUrl: string;
  /** Signs the proof links (the session secret). */
  secret: string;
  /** Where the firm's notices go (MAIL_TO_SALES). */
  salesEmail: string;
  /** Set when the shop takes cards (its client is not used here): the approval's mail then offers "Pay now". */
  cardPayments?: unknown;
}

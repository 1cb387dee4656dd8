import type { Db } from '../../../db/client.ts';
import type { Mailer } from '../../../mail/index.ts';
import { reportNewFlags } from './report.ts';
import { sweepAnomalies } from './sweep.ts';

/** The hourly work of the registry's signals: sweep new taps and checks, then the firm's daily report. */
export async function watchRegistry(
  db: Db,
  mailer: Pick<Mailer, 'sendLater'>,
  options: { to: string; publicUrl: string },
): Promise<void> {
  await sweepAnomalies(db);
  await reportNewFlags(db, mailer, options);
}

import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, sessionSecretOf } from './config.ts';
import type { ChangeFeed } from './db/changes.ts';
import type { Database, Db } from './db/client.ts';
import { type AfterAnswer, createAfterAnswer } from './http/after-answer.ts';
import type { Limit } from './http/rate-limit.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import { createSessions, type Sessions } from './modules/accounts/sessions.ts';
import { type CardPayments, createCardPayments } from './modules/card-payments/stripe-client.ts';
import { createInsightsRecorder } from './modules/insights/recorder.ts';
import type { InsightsRecorder } from './modules/insights/recording.ts';
import { orderLimits } from './modules/orders/service.ts';
import { createPrintFiles, type PrintFiles } from './modules/personalisation/print-files.ts';
import type { MediaStorage } from './storage/index.ts';
import { cachedMediaStore } from './storage/media-cache.ts';

/**
 * Everything a module's routes may need, built once by `buildApp`: each route plugin takes the whole
 * object and declares the part it uses (`Pick<Services, 'db' | 'sessions'>`).
 */
export interface Services {
  db: Db;
  /** Tells every process what changed (caches, live pages). */
  changes: ChangeFeed;
  publish(topic: string): Promise<void>;
  mailer: Mailer;
  sessions: Sessions;
  /** Card page events (views, saves, clicks, exchanges), written in batches off the critical path. */
  insights: InsightsRecorder;
  storage: MediaStorage;
  /** Work begun after an answer (mail, slow hashing), finished before the server closes. */
  afterAnswer: AfterAnswer;
  publicUrl: string;
  /**
   * The SUN master-key version new secure cards get (the newest configured), undefined when none is: all
   * the admin side needs, so the keys themselves stay out of its reach.
   */
  sunKeyVersion: number | undefined;
  salesEmail: string;
  /** Keys client ids and signs cookies (the session secret). */
  secret: string;
  /** Secure cookies when the site is served over https. */
  secureCookies: boolean;
  /** ORDERS_PER_HOUR's limits. */
  orderLimits: { perUser: Limit; perClient: Limit };
  /** The print files of ordered cards, made after the order (decision 036). */
  printFiles: PrintFiles;
  /** Stripe's client when card payments are configured; undefined hides them (decision 065). */
  cardPayments: CardPayments | undefined;
}

interface ServiceParts {
  config: Config;
  database: Database;
  storage: MediaStorage;
  /** Defaults to SMTP_URL, or the DATA_DIR/outbox. */
  mailer?: Mailer;
}

export function buildServices(
  { config, database, storage, mailer }: ServiceParts,
  log: FastifyBaseLogger,
): Services {
  const secret = sessionSecretOf(config);
  const sessions = createSessions(database.db, secret);
  return {
    db: database.db,
    changes: database.changes,
    publish: (topic) => database.changes.publish(topic),
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log,
        db: database.db,
      }),
    sessions,
    insights: createInsightsRecorder({ db: database.db, sessions, log }),
    storage: cachedMediaStore(storage, database.changes),
    afterAnswer: createAfterAnswer(log),
    publicUrl: config.publicUrl,
    sunKeyVersion: config.sunMasterKeys.current,
    salesEmail: config.mailToSales,
    secret,
    secureCookies: config.publicUrl.startsWith('https:'),
    orderLimits: orderLimits(config.ordersPerHour),
    printFiles: createPrintFiles({ db: database.db, log }),
    cardPayments: createCardPayments(config.stripe),
  };
}

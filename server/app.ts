import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError, registerErrorHandler, UNAVAILABLE_RETRY_SECONDS } from './errors.ts';
import { apiDefaults } from './http/api-scope.ts';
import { registerDatabaseClients } from './http/database-client.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { readySchema, upSchema } from './http/health-responses.ts';
import { registerJsonBodies } from './http/json-body.ts';
import { asyncStdout } from './http/log-stream.ts';
import { loopDelayRoute } from './http/loop-delay.ts';
import { buildOpenApi, type DocumentedRoute, doc } from './http/openapi.ts';
import { RequestLogController } from './http/request-log.ts';
import { registerSameOriginCheck } from './http/same-origin.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { boundedQueryParser, SERVER_LIMITS, type ServerLimits, serverOptions } from './http/server-limits.ts';
import { closeHeavyWork } from './jobs/heavy-work.ts';
import type { Mailer } from './mail/index.ts';
import { registerAuth } from './modules/accounts/auth.ts';
import { sweepExpired } from './modules/accounts/housekeeping.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { cardPaymentsRoutes } from './modules/card-payments/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contactsRoutes } from './modules/contacts/routes.ts';
import { recordCardView } from './modules/insights/page-views.ts';
import { rollUpInsights } from './modules/insights/rollup.ts';
import { insightsRoutes } from './modules/insights/routes.ts';
import { leadsRoutes } from './modules/leads/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { paymentReminderLoop } from './modules/payments/reminders.ts';
import { personalisationRoutes } from './modules/personalisation/routes.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { signedInUserAnswer } from './modules/profiles/user-view.ts';
import { remindOpenProofs } from './modules/proofs/reminders.ts';
import { proofsRoutes } from './modules/proofs/routes.ts';
import { watchRegistry } from './modules/registry/anomalies/scheduled.ts';
import { registryRoutes } from './modules/registry/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { pageLoadContext } from './page-load-context.ts';
import { buildServices, type Services } from './services.ts';
import type { MediaStorage } from './storage/index.ts';
import { registerMediaRoute } from './storage/media-route.ts';
import { registerWeb } from './web.ts';

interface AppDeps {
  config: Config;
  database: Database;
  storage: MediaStorage;
  /** 'build' serves the production build, 'dev' runs Vite in middleware mode, 'none' is the API alone (tests). */
  web: 'build' | 'dev' | 'none';
  /** Defaults to SMTP_URL, or the DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | { level: string };
  /** Tighter timeouts and sizes than SERVER_LIMITS (tests that must see them hit). */
  limits?: Partial<ServerLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (method, full URL, its API document entry), for the document and for tests. */
    routeList: DocumentedRoute[];
  }
}

/** This process among a cluster's workers, as /healthz tells it: random, so it says nothing about the host. */
const WORKER_ID = randomBytes(8).toString('hex');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const limits = { ...SERVER_LIMITS, ...deps.limits };
  const app = Fastify({
    ...serverOptions(limits),
    logger: deps.logger ?? { level: config.logLevel, stream: asyncStdout() },
    logController: new RequestLogController(),
    // A proxy's request id (nginx `$request_id`) is kept when it is a plain token, so one id follows a
    // request through both logs; otherwise a new one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Behind nginx: the client's address (rate limits, logs) and scheme from the trusted proxy only.
    trustProxy: config.trustProxy,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 200,
      querystringParser: boundedQueryParser(limits),
    },
    // A URL that cannot be decoded (`/%E0%A4%A`) gets the site's error shape, not Fastify's own.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ detail: 'Bad request.', code: 'bad_request' });
    },
  });

  const onClose = registerGracefulClose(app);

  const routeList: DocumentedRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({ method, url: route.url, doc: route.config?.doc });
    }
  });

  registerErrorHandler(app);
  // Only PGlite has one connection to share out (decision 041); PostgreSQL's pool runs queries side by side.
  if (database.kind === 'pglite') registerDatabaseClients(app);
  registerJsonBodies(app);
  const pageScripts = registerSecurityHeaders(app, {
    dev: deps.web === 'dev',
    https: config.publicUrl.startsWith('https:'),
  });
  // Pages and JSON are compressed per response (fast settings); built assets come precompressed.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  registerSameOriginCheck(app, config.publicUrl);

  const services = buildServices(deps, app.log);
  const { mailer, afterAnswer, sessions } = services;
  // Queued mail goes out from every process; each message from exactly one.
  app.addHook('onReady', async () => mailer.start());
  // Work begun after an answer finishes (and queues its mail) before the mailer stops.
  onClose('work after answers', () => afterAnswer.idle());
  onClose('mailer', () => mailer.close());
  // Print files of ordered cards are made from every process, each card by exactly one; the pool's children
  // stop first, so a print file being made ends at once (another start makes it again).
  app.addHook('onReady', async () => services.printFiles.start());
  onClose('heavy work and print files', async () => {
    closeHeavyWork();
    await services.printFiles.close();
  });
  // Reminders of unpaid invoices go from every process, each reminder from exactly one.
  const reminders = paymentReminderLoop({ ...services, log: app.log });
  app.addHook('onReady', async () => reminders.start());
  onClose('payment reminders', () => reminders.close());
  registerAuth(app, sessions, services.secureCookies);

  // Card events waiting in a batch are written before the server stops: after the answers and the work
  // begun after them (an exchange records its event there), while the database is still open.
  onClose('card events', async () => {
    await afterAnswer.idle();
    await services.insights
      .flush()
      .catch((error) => app.log.error({ err: error }, 'card events not written at shutdown'));
  });
  // Expired sessions, links and counters go hourly (and once at start), whichever process gets there;
  // so do the insights' daily rollups (one process at a time) and their expired raw events and salts, and
  // the registry's anomaly sweep (one process at a time) with the firm's daily report of new flags, and
  // the reminders of proofs unanswered for 3 days.
  const sweep = () =>
    Promise.all([
      sweepExpired(database.db).catch((error) => app.log.warn({ err: error }, 'sweep failed')),
      rollUpInsights(database.db).catch((error) => app.log.warn({ err: error }, 'insights rollup failed')),
      watchRegistry(database.db, mailer, { to: config.mailToSales, publicUrl: config.publicUrl }).catch(
        (error) => app.log.warn({ err: error }, 'registry anomaly sweep failed'),
      ),
      remindOpenProofs(services).catch((error) => app.log.warn({ err: error }, 'proof reminders failed')),
    ]);
  // A sweep under way is waited for: the database closes after the hooks.
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepOnce = () => {
    sweeping = sweep();
  };
  const sweeper = setInterval(sweepOnce, 60 * 60 * 1000);
  sweeper.unref();
  app.addHook('onReady', async () => sweepOnce());
  onClose('sweeper', async () => {
    clearInterval(sweeper);
    await sweeping;
  });

  app.setNotFoundHandler(async () => {
    throw new AppError('not_found', 'Not found.');
  });

  // `worker` tells which worker of a cluster answered (load balancer checks); the pid only when benchmarking.
  const up = { status: 'ok', worker: WORKER_ID, ...(config.bench ? { pid: process.pid } : {}) };
  app.get(
    '/healthz',
    doc({
      summary: 'The process is up (`worker` tells which worker answered)',
      responses: { 200: { description: 'Up.', schema: upSchema } },
    }),
    async () => up,
  );
  app.get(
    '/readyz',
    doc({
      summary: 'The database answers: send traffic here',
      responses: { 200: { description: 'Ready.', schema: readySchema } },
    }),
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready', database: database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply
          .status(503)
          .header('retry-after', UNAVAILABLE_RETRY_SECONDS)
          .send({ detail: 'The database is not answering.', code: 'unavailable' });
      }
    },
  );

  registerMediaRoute(app, services.storage);

  // Each module's one routes entry, at the site's root: its API under /api (`http/api-scope.ts`), and any
  // route of its own beside (a card page's links). Accounts sit below profiles, whose view of the account
  // their sign-in and profile answers show.
  await app.register(accountsRoutes, { ...services, userAnswer: signedInUserAnswer });
  const modules: FastifyPluginAsync<Services>[] = [
    seoRoutes,
    profilesRoutes,
    addressesRoutes,
    contactsRoutes,
    ordersRoutes,
    cardPaymentsRoutes,
    leadsRoutes,
    registryRoutes,
    catalogRoutes,
    insightsRoutes,
    proofsRoutes,
    personalisationRoutes,
    adminRoutes,
  ];
  for (const routes of modules) await app.register(routes, services);

  // The API's own routes, after every module's: the bench's, its document and the 404 of any other /api path.
  const api: FastifyPluginAsync = async (scope) => {
    apiDefaults(scope);
    if (config.bench) {
      // A constant answer to compare real routes against; ?delay_ms= holds it open (shutdown tests).
      scope.get<{ Querystring: { delay_ms?: string } }>(
        '/bench/ping/',
        doc({ summary: 'A constant answer (BENCH=1 only)', responses: { 200: 'Pong.' } }),
        async (request) => {
          const delay = Math.min(Number(request.query.delay_ms) || 0, 5000);
          if (delay > 0) await setTimeout(delay);
          return { pong: true };
        },
      );
      await scope.register(loopDelayRoute);
    }
    // The API document, built once from the route table (every route is registered by the first request).
    let apiDocument: string | undefined;
    scope.get(
      '/docs/',
      doc({ summary: 'This OpenAPI 3.1 document', responses: { 200: 'The document.' } }),
      async (_request, reply) => {
        apiDocument ??= JSON.stringify(buildOpenApi(routeList, config.publicUrl));
        return reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(apiDocument);
      },
    );
    // Any other /api path is a JSON 404, never the HTML app.
    scope.all('/*', async () => {
      throw new AppError('not_found', 'Not found.');
    });
  };
  await app.register(api, { prefix: '/api' });

  if (deps.web !== 'none') {
    await registerWeb(app, {
      mode: deps.web,
      pageScripts,
      changes: database.changes,
      answered: (request, reply) => recordCardView(services, request, reply.statusCode),
      loadContext: pageLoadContext(services, config.sunMasterKeys, app.log),
    });
  }
  return app;
}

import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../http/api-scope.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { userAdminRoutes } from '../accounts/admin-routes.ts';
import { billingAdminRoutes } from '../billing/admin-routes.ts';
import { cardRefundAdminRoutes } from '../card-payments/admin-routes.ts';
import { catalogAdminRoutes } from '../catalog/admin-routes.ts';
import { leadAdminRoutes } from '../leads/admin-routes.ts';
import { orderAdminRoutes } from '../orders/admin-routes.ts';
import { paymentAdminRoutes } from '../orders/payment-admin-routes.ts';
import { numberedPage } from '../paging.ts';
import { bankAdminRoutes } from '../payments/statements/admin-routes.ts';
import { proofAdminRoutes } from '../proofs/admin-routes.ts';
import { serialSignalAdminRoutes } from '../registry/anomalies/admin-routes.ts';
import { registryAdminRoutes } from '../registry/serials/admin-routes.ts';
import { listAudit } from '../staff/audit.ts';
import { auditPageSchema } from '../staff/audit-view.ts';
import { actorOf } from '../staff/guard.ts';
import { dashboard } from './dashboard.ts';
import { dashboardSchema } from './responses.ts';
import { auditQuery, dashboardQuery } from './schemas.ts';

type AdminRoutesOptions = Pick<
  Services,
  | 'db'
  | 'mailer'
  | 'sessions'
  | 'storage'
  | 'publish'
  | 'publicUrl'
  | 'sunKeyVersion'
  | 'secret'
  | 'salesEmail'
  | 'cardPayments'
>;

/**
 * The admin console's API. Every route here is for signed-in admins only: the check runs on every request
 * of this scope before its body is read, so no route can be added without it. The rules live in their
 * domains, which bring their own admin routes; this scope adds the guard, the dashboard and the audit log.
 */
const adminApi: FastifyPluginAsync<AdminRoutesOptions> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', async (request) => {
    await actorOf(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/dashboard/',
    doc({
      summary:
        'Orders, revenue, users, verifications, leads and card views (totals across all cards) per day',
      auth: 'admin',
      query: dashboardQuery,
      responses: { 200: { description: 'The figures.', schema: dashboardSchema } },
    }),
    async (request) => {
      const { days } = parseInput(dashboardQuery, request.query);
      return dashboard(db, days);
    },
  );

  app.get(
    '/audit/',
    doc({
      summary: 'The audit log of admin changes, newest first',
      auth: 'admin',
      query: auditQuery,
      responses: { 200: { description: 'A page of entries.', schema: auditPageSchema } },
    }),
    async (request) => {
      const query = parseInput(auditQuery, request.query);
      const target =
        query.target_type && query.target_id ? { type: query.target_type, id: query.target_id } : undefined;
      return numberedPage(await listAudit(db, query.page, target));
    },
  );

  // Each domain's admin routes, behind this scope's guard.
  // Each gets only its own services: the options here also carry this scope's prefix.
  const { mailer, sessions, storage, publish, publicUrl, sunKeyVersion, secret, salesEmail } = deps;
  await app.register(orderAdminRoutes, {
    db,
    mailer,
    publish,
    publicUrl,
    cardPayments: Boolean(deps.cardPayments),
  });
  await app.register(proofAdminRoutes, { db, mailer, publicUrl, secret, salesEmail });
  await app.register(catalogAdminRoutes, { db, storage, publish });
  await app.register(registryAdminRoutes, { db, publicUrl, sunKeyVersion });
  await app.register(serialSignalAdminRoutes, { db });
  await app.register(userAdminRoutes, { db, sessions, publish });
  await app.register(leadAdminRoutes, { db });
  await app.register(billingAdminRoutes, { db });
  if (deps.cardPayments) await app.register(cardRefundAdminRoutes, { db, cardPayments: deps.cardPayments });
  await app.register(bankAdminRoutes, { db, mailer, publicUrl });
  await app.register(paymentAdminRoutes, { db, mailer, publicUrl });
};

/** The module's routes entry: the admin console's API, under /api/admin; the domains' routes read forms. */
export const adminRoutes = apiRoutes(adminApi, { prefix: '/admin', forms: true });

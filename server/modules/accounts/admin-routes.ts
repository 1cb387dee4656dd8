import type { FastifyPluginAsync } from 'fastify';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { numberedPage } from '../paging.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { userChangeBody, usersQuery } from './admin-schemas.ts';
import { adminUserPageSchema, adminUserSchema } from './responses.ts';
import { changeUser, getAdminUser, listUsers, USER_ADMIN_MESSAGES } from './user-admin.ts';

type UserAdminRoutesOptions = Pick<Services, 'db' | 'sessions' | 'publish'>;

/** The admin console's user routes; the admin scope mounts them behind its guard. */
export const userAdminRoutes: FastifyPluginAsync<UserAdminRoutesOptions> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/users/',
    doc({
      summary: 'Users, searched and paged',
      auth: 'admin',
      query: usersQuery,
      responses: { 200: { description: 'A page of users.', schema: adminUserPageSchema } },
    }),
    async (request) => numberedPage(await listUsers(db, parseInput(usersQuery, request.query))),
  );
  app.get<WithId>(
    '/users/:id/',
    doc({
      summary: 'One user with their orders and cards',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: { description: 'The user.', schema: adminUserSchema }, 404: 'No such user.' },
    }),
    async (request) => getAdminUser(db, idOf(request.params.id, USER_ADMIN_MESSAGES.notFound)),
  );
  app.patch<WithId>(
    '/users/:id/',
    doc({
      summary:
        'Disable (with a reason; ends their sessions and hides their card) or re-enable a user, or change their role',
      auth: 'admin',
      params: { id: idParam },
      body: userChangeBody,
      responses: {
        200: { description: 'The user.', schema: adminUserSchema },
        404: 'No such user.',
        409: 'That would leave no active admin.',
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, USER_ADMIN_MESSAGES.notFound);
      const change = parseInput(userChangeBody, request.body);
      return changeUser(db, deps, await actorOf(request), id, change);
    },
  );
};

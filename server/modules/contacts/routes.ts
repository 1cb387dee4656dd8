import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CONTACT_MESSAGES } from '../../../common/messages/contacts.ts';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { numberedPage } from '../paging.ts';
import { exchangeRoutes } from './exchange-routes.ts';
import { contactsCsv, contactsVCard, exportFileName } from './export.ts';
import { deletedContactsSchema, exchangedContactPageSchema } from './responses.ts';
import { contactsQuerySchema, deleteAllContactsSchema } from './schemas.ts';
import { contactPages, deleteAllContacts, deleteContact, listContacts } from './service.ts';

function attachment(reply: FastifyReply, type: string, file: string, body: Readable) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${file}"`)
    .send(body);
}

/**
 * The signed-in owner's exchanged contacts, and no one else's: every query is scoped to the session's
 * user, and no admin route reads this table.
 */
const contactsApi: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/auth/contacts/',
    doc({
      summary: 'The people who shared their details from the owner’s card page, newest first',
      auth: 'user',
      query: contactsQuerySchema,
      responses: {
        200: { description: 'A page of contacts.', schema: exchangedContactPageSchema },
        404: 'A page past the last.',
      },
    }),
    async (request) => {
      const user = await requireUser(request);
      return numberedPage(await listContacts(db, user.id, parseInput(contactsQuerySchema, request.query)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/auth/contacts/:id/',
    doc({
      summary: 'Delete one of their contacts (the row itself)',
      auth: 'user',
      params: { id: idParam },
      responses: { 204: 'Deleted.', 404: 'Not one of their contacts.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const id = idParam.safeParse(request.params.id);
      if (!id.success) throw new AppError('not_found', CONTACT_MESSAGES.notFound);
      await deleteContact(db, user.id, id.data);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/auth/contacts/',
    doc({
      summary: 'Delete every one of their contacts',
      auth: 'user',
      body: deleteAllContactsSchema,
      responses: {
        200: { description: 'How many were deleted.', schema: deletedContactsSchema },
        400: 'The body does not confirm it.',
      },
    }),
    async (request) => {
      const user = await requireUser(request);
      parseInput(deleteAllContactsSchema, request.body ?? {}, CONTACT_MESSAGES.confirmDeleteAll);
      return { deleted: await deleteAllContacts(db, user.id) };
    },
  );

  app.get(
    '/auth/contacts/export.csv',
    doc({
      summary: "Every contact as CSV (UTF-8 with BOM; cells that would run as formulas start with ')",
      auth: 'user',
      produces: 'text/csv',
      responses: { 200: 'The .csv file.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const csv = contactsCsv(contactPages(db, user.id));
      return attachment(reply, 'text/csv; charset=utf-8', exportFileName('csv'), csv);
    },
  );

  app.get(
    '/auth/contacts/export.vcf',
    doc({
      summary: 'Every contact in one vCard file',
      auth: 'user',
      produces: 'text/vcard',
      responses: { 200: 'The .vcf file.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const vcf = contactsVCard(contactPages(db, user.id));
      return attachment(reply, 'text/vcard; charset=utf-8', exportFileName('vcf'), vcf);
    },
  );
};

/**
 * The module's routes entry: its API under /api, the owner's contacts (private, with their own hook) beside
 * the card page's exchange that adds to them.
 */
export const contactsRoutes = apiRoutes<
  Pick<Services, 'db' | 'mailer' | 'publicUrl' | 'insights' | 'secret'>
>(async (api, options) => {
  await api.register(contactsApi, options);
  await api.register(exchangeRoutes, options);
});

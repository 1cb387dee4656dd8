import type { FastifyPluginAsync } from 'fastify';
import { idParam } from '../../http/id-param.ts';
import { readImageForm } from '../../http/multipart-form.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import { CARD_COVER, countUpload } from '../../storage/image-upload.ts';
import { numberedPage } from '../paging.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { pageQuery } from '../staff/list-query.ts';
import { CARD_FIELD_MESSAGES, cardChangesSchema, newCardFormFields, newCardSchema } from './admin-schemas.ts';
import {
  type AdminCatalogDeps,
  createCard,
  getAdminCard,
  listAdminCards,
  updateCard,
} from './card-editing.ts';
import { adminCardPageSchema, adminCardSchema } from './responses.ts';

/** The admin console's catalogue routes; the admin scope mounts them behind its guard. */
export const catalogAdminRoutes: FastifyPluginAsync<AdminCatalogDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/cards/',
    doc({
      summary: 'Every card, active or not',
      auth: 'admin',
      query: pageQuery,
      responses: { 200: { description: 'A page of cards.', schema: adminCardPageSchema } },
    }),
    async (request) => {
      const { page, search } = parseInput(pageQuery, request.query);
      return numberedPage(await listAdminCards(db, page, search));
    },
  );
  app.get<WithId>(
    '/cards/:id/',
    doc({
      summary: 'One card as the edit form shows it',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: { description: 'The card.', schema: adminCardSchema }, 404: 'No such card.' },
    }),
    async (request) => getAdminCard(db, idOf(request.params.id, CARD_FIELD_MESSAGES.notFound)),
  );
  app.post(
    '/cards/',
    doc({
      summary: `Create a card (multipart form, optional \`${CARD_COVER.field}\` image)`,
      auth: 'admin',
      multipart: { fields: newCardFormFields, fileField: CARD_COVER.field },
      responses: {
        201: { description: 'The card.', schema: adminCardSchema },
        409: 'The slug or SKU is taken.',
        413: 'The image is too large.',
      },
    }),
    async (request, reply) => {
      const actor = await actorOf(request);
      const { fields, file } = await readImageForm(request, CARD_COVER, 'card');
      if (file) await countUpload(db, actor.id);
      const card = await createCard(deps, actor, parseInput(newCardSchema, fields), file);
      return reply.status(201).send(card);
    },
  );
  app.patch<WithId>(
    '/cards/:id/',
    doc({
      summary: 'Change a card (multipart form: only the fields that change)',
      auth: 'admin',
      params: { id: idParam },
      multipart: { fields: cardChangesSchema, fileField: CARD_COVER.field },
      responses: {
        200: { description: 'The card.', schema: adminCardSchema },
        404: 'No such card.',
        409: 'The slug or SKU is taken.',
        413: 'The image is too large.',
      },
    }),
    async (request) => {
      const actor = await actorOf(request);
      const id = idOf(request.params.id, CARD_FIELD_MESSAGES.notFound);
      const { fields, file } = await readImageForm(request, CARD_COVER, 'card');
      if (file) await countUpload(db, actor.id);
      return updateCard(deps, actor, id, parseInput(cardChangesSchema, fields), file);
    },
  );
};

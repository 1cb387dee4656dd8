import type { FastifyPluginAsync } from 'fastify';
import { BILLING_MESSAGES as M } from '../../../common/messages/billing.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { DOCUMENT_FILES, documentFileSchema, documentNumberOf, sendPdf } from './downloads.ts';
import { findDocument } from './invoices.ts';
import {
  createZone,
  deleteZone,
  listRates,
  removeCountryRate,
  setCountryRate,
  updateZone,
} from './rate-admin.ts';
import { countryRateViewSchema, shippingRatesSchema, shippingZoneSchema } from './responses.ts';
import { countryParam, countryRateSchema, newZoneSchema, zoneChangesSchema } from './schemas.ts';

type WithCountry = { Params: { code: string } };

function countryOf(value: string): string {
  const parsed = countryParam.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', M.country);
  return parsed.data;
}

/**
 * The admin console's billing: any order's invoice and credit note, the shipping zones and the country tax
 * rates. The admin scope mounts them behind its guard.
 */
export const billingAdminRoutes: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  // The documents are reads, like the order itself: not audited.
  for (const { file, kind, notFound } of DOCUMENT_FILES) {
    app.get<WithId>(
      `/orders/:id/${file}`,
      doc({
        summary:
          kind === 'invoice'
            ? 'An order’s invoice (PDF)'
            : 'An order’s latest credit note (PDF); each one by its number under documents/',
        auth: 'admin',
        params: { id: idParam },
        produces: 'application/pdf',
        responses: { 200: 'The PDF, as issued.', 404: 'No such order, or none issued.' },
      }),
      async (request, reply) =>
        sendPdf(reply, await findDocument(db, { id: idOf(request.params.id, notFound) }, { kind }), notFound),
    );
  }
  app.get<{ Params: { id: string; file: string } }>(
    '/orders/:id/documents/:file',
    doc({
      summary: 'An order’s invoice or credit note by its number (PDF)',
      auth: 'admin',
      params: { id: idParam, file: documentFileSchema },
      produces: 'application/pdf',
      responses: { 200: 'The PDF, as issued.', 404: 'No such order, or no document of it by that number.' },
    }),
    async (request, reply) => {
      const id = idOf(request.params.id, M.documentNotFound);
      const documentNumber = documentNumberOf(request.params.file);
      const document = documentNumber
        ? await findDocument(db, { id }, { number: documentNumber })
        : undefined;
      return sendPdf(reply, document, M.documentNotFound);
    },
  );

  app.get(
    '/shipping/',
    doc({
      summary: 'Shipping zones and the countries listed in them with their tax rates',
      auth: 'admin',
      responses: { 200: { description: 'Zones and countries.', schema: shippingRatesSchema } },
    }),
    async () => listRates(db),
  );
  app.post(
    '/shipping/zones/',
    doc({
      summary: 'Add a shipping zone with its flat rate per order',
      auth: 'admin',
      body: newZoneSchema,
      responses: {
        201: { description: 'The zone.', schema: shippingZoneSchema },
        409: 'A zone with this name exists.',
      },
    }),
    async (request, reply) => {
      const actor = await actorOf(request);
      const zone = await createZone(db, actor, parseInput(newZoneSchema, request.body));
      return reply.status(201).send(zone);
    },
  );
  app.patch<WithId>(
    '/shipping/zones/:id/',
    doc({
      summary: 'Rename or re-rate a zone, or make it the default',
      auth: 'admin',
      params: { id: idParam },
      body: zoneChangesSchema,
      responses: {
        200: { description: 'The zone.', schema: shippingZoneSchema },
        404: 'No such zone.',
        409: 'A zone with this name exists.',
      },
    }),
    async (request) => {
      const actor = await actorOf(request);
      const id = idOf(request.params.id, M.zoneNotFound);
      return updateZone(db, actor, id, parseInput(zoneChangesSchema, request.body));
    },
  );
  app.delete<WithId>(
    '/shipping/zones/:id/',
    doc({
      summary: 'Delete a zone no country ships in (never the default)',
      auth: 'admin',
      params: { id: idParam },
      responses: {
        204: 'Deleted.',
        404: 'No such zone.',
        409: 'The default zone, or countries still ship in it.',
      },
    }),
    async (request, reply) => {
      const actor = await actorOf(request);
      await deleteZone(db, actor, idOf(request.params.id, M.zoneNotFound));
      return reply.status(204).send();
    },
  );
  app.put<WithCountry>(
    '/shipping/countries/:code/',
    doc({
      summary: 'List a country (or change it): its shipping zone and tax rate',
      auth: 'admin',
      params: { code: countryParam },
      body: countryRateSchema,
      responses: {
        200: { description: 'The country’s rate.', schema: countryRateViewSchema },
        404: 'Not an ISO 3166-1 country code.',
      },
    }),
    async (request) => {
      const actor = await actorOf(request);
      const body = parseInput(countryRateSchema, request.body);
      return setCountryRate(db, actor, countryOf(request.params.code), body);
    },
  );
  app.delete<WithCountry>(
    '/shipping/countries/:code/',
    doc({
      summary: 'Unlist a country: it ships at the default zone’s rate with no tax',
      auth: 'admin',
      params: { code: countryParam },
      responses: { 204: 'Removed.', 404: 'The country is not listed.' },
    }),
    async (request, reply) => {
      const actor = await actorOf(request);
      await removeCountryRate(db, actor, countryOf(request.params.code));
      return reply.status(204).send();
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { SERIAL_ADMIN_MESSAGES } from '../../../../common/messages/verification.ts';
import { AppError } from '../../../errors.ts';
import { doc } from '../../../http/openapi.ts';
import { parseInput } from '../../../http/validate.ts';
import type { Services } from '../../../services.ts';
import { numberedPage } from '../../paging.ts';
import { actorOf } from '../../staff/guard.ts';
import { adminSerialPageSchema, adminSerialSchema, serialImportSchema } from '../responses.ts';
import { secureBatchCsv } from '../sun/provisioning.ts';
import { batchBody, importBody, serialActionBody, serialsQuery } from './admin-schemas.ts';
import { batchCsv } from './batches.ts';
import { ImportError } from './csv-import.ts';
import { changeSerial, generateSerials, getSerial, importSerials, listSerials } from './serial-admin.ts';

type RegistryAdminRoutesOptions = Pick<Services, 'db' | 'publicUrl' | 'sunKeyVersion'>;

/** The admin console's registry routes; the admin scope mounts them behind its guard. */
export const registryAdminRoutes: FastifyPluginAsync<RegistryAdminRoutesOptions> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/serials/',
    doc({
      summary: 'Serial numbers, filtered and paged',
      auth: 'admin',
      query: serialsQuery,
      responses: { 200: { description: 'A page of serials.', schema: adminSerialPageSchema } },
    }),
    async (request) => numberedPage(await listSerials(db, parseInput(serialsQuery, request.query))),
  );
  app.post(
    '/serials/batch/',
    doc({
      summary:
        'Generate a batch of serials for a SKU; answers the CSV to print (secure chips: with the encoding station settings, never keys)',
      auth: 'admin',
      body: batchBody,
      produces: 'text/csv',
      responses: { 201: 'The batch as CSV.' },
    }),
    async (request, reply) => {
      const { sku, count, secure } = parseInput(batchBody, request.body);
      const version = secure ? deps.sunKeyVersion : null;
      if (version === undefined) {
        throw new AppError('bad_request', SERIAL_ADMIN_MESSAGES.secureChipUnavailable, {
          secure: [SERIAL_ADMIN_MESSAGES.secureChipUnavailable],
        });
      }
      const rows = await generateSerials(db, await actorOf(request), sku, count, version);
      const kind = version === null ? 'serials' : 'secure-serials';
      const file = `${kind}-${sku.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${new Date().toISOString().slice(0, 10)}.csv`;
      const csv =
        version === null
          ? batchCsv(rows, deps.publicUrl)
          : secureBatchCsv(
              rows.map((row) => ({
                serial: row.serial,
                sku: row.sku,
                chipUid: null,
                sunKeyVersion: version,
              })),
              deps.publicUrl,
            );
      return reply
        .status(201)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(csv);
    },
  );
  app.post(
    '/serials/import/',
    doc({
      summary: 'Import serials from CSV text (all rows or none)',
      auth: 'admin',
      body: importBody,
      // The CSV file (MAX_SERIAL_CSV_BYTES of ASCII) as a JSON string.
      bodyLimit: 1024 * 1024,
      responses: { 201: { description: 'How many were imported.', schema: serialImportSchema } },
    }),
    async (request, reply) => {
      const { csv } = parseInput(importBody, request.body);
      try {
        const imported = await importSerials(db, await actorOf(request), csv);
        return reply.status(201).send({ imported, detail: `Imported ${imported} serial numbers.` });
      } catch (error) {
        if (error instanceof ImportError) {
          throw new AppError('bad_request', 'Nothing was imported: fix these rows and try again.', {
            csv: error.problems,
          });
        }
        throw error;
      }
    },
  );
  app.get<{ Params: { serial: string } }>(
    '/serials/:serial/',
    doc({
      summary: 'One serial with its verification history and claimer',
      auth: 'admin',
      responses: { 200: { description: 'The serial.', schema: adminSerialSchema }, 404: 'No such serial.' },
    }),
    async (request) => getSerial(db, request.params.serial),
  );
  app.post<{ Params: { serial: string } }>(
    '/serials/:serial/',
    doc({
      summary: 'Block, unblock or reset the count of a serial',
      auth: 'admin',
      body: serialActionBody,
      responses: { 200: { description: 'The serial.', schema: adminSerialSchema }, 404: 'No such serial.' },
    }),
    async (request) => {
      const { action } = parseInput(serialActionBody, request.body);
      return changeSerial(db, await actorOf(request), request.params.serial, action);
    },
  );
};

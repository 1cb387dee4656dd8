import type { FastifyPluginAsync } from 'fastify';
import { REGISTRY_SIGNAL_MESSAGES } from '../../../../common/messages/registry-signals.ts';
import { doc } from '../../../http/openapi.ts';
import { parseInput } from '../../../http/validate.ts';
import type { Services } from '../../../services.ts';
import { actorOf, idOf } from '../../staff/guard.ts';
import { blockSerial, clearFlag, serialSignals } from './admin.ts';
import { bulkBlock } from './bulk-block.ts';
import { blockBody, bulkBlockBody, bulkBlockSchema, serialSignalsSchema } from './schemas.ts';

type Params = { serial: string };

/** The admin console's routes for the registry's signals; the admin scope mounts them behind its guard. */
export const serialSignalAdminRoutes: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  app.get<{ Params: Params }>(
    '/serials/:serial/signals/',
    doc({
      summary: "A serial's chip, open flags with their reasons, newest taps and block reason",
      auth: 'admin',
      responses: {
        200: { description: 'The signals.', schema: serialSignalsSchema },
        404: 'No such serial.',
      },
    }),
    async (request) => serialSignals(db, request.params.serial),
  );
  app.post<{ Params: Params & { id: string } }>(
    '/serials/:serial/flags/:id/clear/',
    doc({
      summary: 'Clear an open flag of a serial (audited)',
      auth: 'admin',
      responses: {
        200: { description: 'The signals after.', schema: serialSignalsSchema },
        404: 'No such serial, or no such open flag on it.',
      },
    }),
    async (request) =>
      clearFlag(
        db,
        await actorOf(request),
        request.params.serial,
        idOf(request.params.id, REGISTRY_SIGNAL_MESSAGES.flagNotFound),
      ),
  );
  app.post<{ Params: Params }>(
    '/serials/:serial/block/',
    doc({
      summary: 'Block a serial for a reason code (audited)',
      auth: 'admin',
      body: blockBody,
      responses: {
        200: { description: 'The signals after.', schema: serialSignalsSchema },
        404: 'No such serial.',
      },
    }),
    async (request) => {
      const { reason, note } = parseInput(blockBody, request.body);
      return blockSerial(db, await actorOf(request), request.params.serial, reason, note);
    },
  );
  app.post(
    '/serials/blocks/',
    doc({
      summary: 'Block serials from a CSV (serial,reason[,note]): checked first, then all or none',
      auth: 'admin',
      body: bulkBlockBody,
      // The CSV file (MAX_SERIAL_CSV_BYTES of ASCII) as a JSON string.
      bodyLimit: 1024 * 1024,
      responses: {
        200: { description: 'What would be blocked, or what was.', schema: bulkBlockSchema },
        400: 'Rows with problems, by line number; nothing was blocked.',
      },
    }),
    async (request) => {
      const { csv, apply } = parseInput(bulkBlockBody, request.body);
      return bulkBlock(db, await actorOf(request), csv, apply);
    },
  );
};

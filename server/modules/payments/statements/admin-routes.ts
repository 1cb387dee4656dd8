import type { FastifyPluginAsync } from 'fastify';
import { idParam } from '../../../http/id-param.ts';
import { doc } from '../../../http/openapi.ts';
import { parseInput } from '../../../http/validate.ts';
import type { Services } from '../../../services.ts';
import { actorOf, idOf, type WithId } from '../../staff/guard.ts';
import { assignLine, BANK_LINE_MESSAGES, ignoreLine, restoreLine } from './decide.ts';
import { readStatementForm, requiredFile } from './file-form.ts';
import { importStatement } from './import.ts';
import { bankLineSchema, bankOverviewSchema, statementImportSchema } from './responses.ts';
import { assignLineBody, statementForm } from './schemas.ts';
import { bankLineView, bankOverview, orderNumberOfLine } from './views.ts';

/** The admin console's bank statements: import one, and decide the lines nothing matched. */
export const bankAdminRoutes: FastifyPluginAsync<Pick<Services, 'db' | 'mailer' | 'publicUrl'>> = async (
  app,
  { db, mailer, publicUrl },
) => {
  const receipt = { mailer, publicUrl };
  app.get(
    '/bank/',
    doc({
      summary: 'Bank lines waiting to be assigned, and the latest imported statements',
      auth: 'admin',
      responses: { 200: { description: 'The lines and statements.', schema: bankOverviewSchema } },
    }),
    async () => bankOverview(db),
  );
  app.post(
    '/bank/statements/',
    doc({
      summary:
        'Import a bank statement (camt.053 XML or CSV, in the `file` field): lines matched to orders by reference and amount are recorded as payments; a malformed file is refused whole',
      auth: 'admin',
      multipart: { fields: statementForm, fileField: 'file', fileType: 'application/xml' },
      responses: {
        201: { description: 'What the import did.', schema: statementImportSchema },
        400: 'The file cannot be read as a statement (where it is wrong is said); nothing was imported.',
        413: 'The file is too large.',
      },
    }),
    async (request, reply) => {
      const actor = await actorOf(request);
      const { fields, file } = await readStatementForm(request);
      parseInput(statementForm, fields);
      const { data, name } = requiredFile(file);
      return reply.status(201).send(await importStatement(db, actor, data, name, receipt));
    },
  );
  app.post<WithId>(
    '/bank/lines/:id/assign/',
    doc({
      summary: 'Record a waiting bank line as a payment on an order (audited)',
      auth: 'admin',
      params: { id: idParam },
      body: assignLineBody,
      responses: {
        200: { description: 'The line, assigned.', schema: bankLineSchema },
        404: BANK_LINE_MESSAGES.notFound,
        409: BANK_LINE_MESSAGES.decided,
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, BANK_LINE_MESSAGES.notFound);
      const { order } = parseInput(assignLineBody, request.body);
      const line = await assignLine(db, await actorOf(request), id, order, receipt);
      return bankLineView(line, order);
    },
  );
  app.post<WithId>(
    '/bank/lines/:id/ignore/',
    doc({
      summary: 'Set a waiting bank line aside: not a payment for the firm (audited)',
      auth: 'admin',
      params: { id: idParam },
      responses: {
        200: { description: 'The line, set aside.', schema: bankLineSchema },
        404: BANK_LINE_MESSAGES.notFound,
        409: BANK_LINE_MESSAGES.decided,
      },
    }),
    async (request) => {
      const line = await ignoreLine(
        db,
        await actorOf(request),
        idOf(request.params.id, BANK_LINE_MESSAGES.notFound),
      );
      return bankLineView(line, await orderNumberOfLine(db, line));
    },
  );
  app.post<WithId>(
    '/bank/lines/:id/restore/',
    doc({
      summary: 'Put a line set aside back among the lines to assign (audited)',
      auth: 'admin',
      params: { id: idParam },
      responses: {
        200: { description: 'The line, waiting again.', schema: bankLineSchema },
        404: BANK_LINE_MESSAGES.notFound,
        409: BANK_LINE_MESSAGES.notSetAside,
      },
    }),
    async (request) => {
      const line = await restoreLine(
        db,
        await actorOf(request),
        idOf(request.params.id, BANK_LINE_MESSAGES.notFound),
      );
      return bankLineView(line, null);
    },
  );
};

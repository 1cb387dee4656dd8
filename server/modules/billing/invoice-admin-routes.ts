import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { idOf, type WithId } from '../staff/guard.ts';
import { DOCUMENT_FILES, sendPdf } from './downloads.ts';
import { findDocument } from './invoices.ts';

/** Any order's invoice and credit note for the admin console (a read, like the order itself: not audited). */
export const invoiceAdminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  for (const { file, kind, notFound } of DOCUMENT_FILES) {
    app.get<WithId>(
      `/orders/:id/${file}`,
      doc({
        summary: kind === 'invoice' ? 'An order’s invoice (PDF)' : 'An order’s credit note (PDF)',
        auth: 'admin',
        params: { id: idParam },
        produces: 'application/pdf',
        responses: { 200: 'The PDF, as issued.', 404: 'No such order, or none issued.' },
      }),
      async (request, reply) =>
        sendPdf(reply, await findDocument(db, { id: idOf(request.params.id, notFound) }, kind), notFound),
    );
  }
};

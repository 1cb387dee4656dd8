import type { FastifyPluginAsync } from 'fastify';
import { doc } from '../../http/openapi.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { DOCUMENT_FILES, sendPdf } from '../billing/downloads.ts';
import { findDocument } from '../billing/invoices.ts';
import { orderNumberSchema } from './schemas.ts';

/** The signed-in customer's own invoices and credit notes; anyone else's order answers as an unknown one. */
export const orderDocumentRoutes: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  for (const { file, kind, notFound } of DOCUMENT_FILES) {
    app.get<{ Params: { number: string } }>(
      `/orders/:number/${file}`,
      doc({
        summary:
          kind === 'invoice'
            ? 'One of their orders’ invoice (PDF)'
            : 'One of their orders’ credit note (PDF)',
        auth: 'user',
        params: { number: orderNumberSchema },
        produces: 'application/pdf',
        responses: { 200: 'The PDF, as issued.', 404: 'Not one of their orders, or none issued.' },
      }),
      async (request, reply) => {
        const user = await requireUser(request);
        const number = orderNumberSchema.safeParse(request.params.number);
        const document = number.success
          ? await findDocument(db, { number: number.data, owner: user.id }, kind)
          : undefined;
        return sendPdf(reply, document, notFound);
      },
    );
  }
};

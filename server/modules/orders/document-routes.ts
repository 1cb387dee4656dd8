import type { FastifyPluginAsync } from 'fastify';
import { BILLING_MESSAGES } from '../../../common/messages/billing.ts';
import { doc } from '../../http/openapi.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { DOCUMENT_FILES, documentFileSchema, documentNumberOf, sendPdf } from '../billing/downloads.ts';
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
            : 'One of their orders’ latest credit note (PDF); each one by its number under documents/',
        auth: 'user',
        params: { number: orderNumberSchema },
        produces: 'application/pdf',
        responses: { 200: 'The PDF, as issued.', 404: 'Not one of their orders, or none issued.' },
      }),
      async (request, reply) => {
        const user = await requireUser(request);
        const number = orderNumberSchema.safeParse(request.params.number);
        const document = number.success
          ? await findDocument(db, { number: number.data, owner: user.id }, { kind })
          : undefined;
        return sendPdf(reply, document, notFound);
      },
    );
  }
  app.get<{ Params: { number: string; file: string } }>(
    '/orders/:number/documents/:file',
    doc({
      summary: 'One of their orders’ invoices or credit notes by its number (PDF)',
      auth: 'user',
      params: { number: orderNumberSchema, file: documentFileSchema },
      produces: 'application/pdf',
      responses: {
        200: 'The PDF, as issued.',
        404: 'Not one of their orders, or no document of it by that number.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const number = orderNumberSchema.safeParse(request.params.number);
      const documentNumber = documentNumberOf(request.params.file);
      const document =
        number.success && documentNumber
          ? await findDocument(db, { number: number.data, owner: user.id }, { number: documentNumber })
          : undefined;
      return sendPdf(reply, document, BILLING_MESSAGES.documentNotFound);
    },
  );
};

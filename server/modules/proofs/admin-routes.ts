import type { FastifyPluginAsync } from 'fastify';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import type { ProofDeps } from './deps.ts';
import { readPdfForm, requiredPdf } from './pdf-form.ts';
import { adminProofListSchema } from './responses.ts';
import { sendGeneratedProofBody, sendProofBody } from './schemas.ts';
import { sendProof } from './send.ts';
import { listProofs, proofPdf } from './views.ts';

const SENT = {
  201: { description: 'The order’s proofs, the new one first.', schema: adminProofListSchema },
  404: 'No such order.',
  409: 'The order is not awaiting a proof, or another version was sent meanwhile.',
};

/** The firm's side of the proof step, mounted in the admin scope behind its guard. */
export const proofAdminRoutes: FastifyPluginAsync<ProofDeps> = async (app, deps) => {
  const { db } = deps;

  app.get<WithId>(
    '/orders/:id/proofs/',
    doc({
      summary: 'An order’s proofs, newest first',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: { description: 'The proofs.', schema: adminProofListSchema }, 404: 'No such order.' },
    }),
    async (request) => listProofs(deps, idOf(request.params.id, ORDER_MESSAGES.notFound)),
  );

  app.post<WithId>(
    '/orders/:id/proofs/',
    doc({
      summary:
        'Send the customer the generated proof (the next version), with an optional note; with `cards`, of the cards as the firm corrects them',
      auth: 'admin',
      params: { id: idParam },
      body: sendGeneratedProofBody,
      // Corrected cards, as many as an order prints (the order's own limit): about 80 KB at the most.
      bodyLimit: 128 * 1024,
      responses: {
        ...SENT,
        400: 'A corrected card is not valid (the buyer’s rules: limits, fit, pictures), or changes nothing.',
        409: 'The order is not awaiting a proof (a correction says so), or another version was sent meanwhile.',
      },
    }),
    async (request, reply) => {
      const id = idOf(request.params.id, ORDER_MESSAGES.notFound);
      const { note, cards } = parseInput(sendGeneratedProofBody, request.body);
      await sendProof(deps, await actorOf(request), id, { source: 'generated', corrections: cards }, note);
      return reply.status(201).send(await listProofs(deps, id));
    },
  );

  app.post<WithId>(
    '/orders/:id/proofs/upload/',
    doc({
      summary: 'Send the customer a corrected proof (a PDF in the `pdf` field), with an optional note',
      auth: 'admin',
      params: { id: idParam },
      multipart: { fields: sendProofBody, fileField: 'pdf', fileType: 'application/pdf' },
      responses: {
        ...SENT,
        413: PROOF_MESSAGES.pdfTooLarge,
        415: PROOF_MESSAGES.notAPdf,
      },
    }),
    async (request, reply) => {
      const id = idOf(request.params.id, ORDER_MESSAGES.notFound);
      const actor = await actorOf(request);
      const { fields, pdf } = await readPdfForm(request);
      const { note } = parseInput(sendProofBody, fields);
      await sendProof(deps, actor, id, { source: 'uploaded', pdf: requiredPdf(pdf) }, note);
      return reply.status(201).send(await listProofs(deps, id));
    },
  );

  app.get<{ Params: { id: string; proof: string } }>(
    '/orders/:id/proofs/:proof/pdf/',
    doc({
      summary: 'Download one version of an order’s proof',
      auth: 'admin',
      params: { id: idParam, proof: idParam },
      produces: 'application/pdf',
      responses: { 200: 'The PDF.', 404: 'No such order or proof.' },
    }),
    async (request, reply) => {
      const file = await proofPdf(
        db,
        idOf(request.params.id, ORDER_MESSAGES.notFound),
        idOf(request.params.proof, PROOF_MESSAGES.notFound),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.pdf);
    },
  );
};

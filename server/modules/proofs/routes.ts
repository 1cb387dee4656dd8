import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser } from '../accounts/auth.ts';
import { idOf } from '../staff/guard.ts';
import { decideProof, type ProofDecision } from './decide.ts';
import type { ProofDeps } from './deps.ts';
import { customerProofSchema } from './responses.ts';
import { type DecisionBody, linkDecisionBody, ownerDecisionBody, proofSideParam } from './schemas.ts';
import { designSvg, proofFileName, proofOfOrder, tokenProofOrThrow } from './views.ts';

const tokenParam = z.string().max(120).describe('The signed token of the mailed proof link.');
type WithToken = { Params: { token: string } };

const answerOf = (body: DecisionBody): ProofDecision =>
  body.decision === 'approve' ? { decision: 'approve' } : { decision: 'request_changes', note: body.note };

/** A stored SVG shown as a picture: never run as a document, even when opened on its own. */
function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    )
    .header('cache-control', 'private, max-age=300')
    .send(svg);
}

/**
 * The customer's side of a proof: the mailed link's files and decision (the signed token is the authority,
 * no session needed), and the signed-in owner's decision from /profile.
 */
const proofsApi: FastifyPluginAsync<ProofDeps> = async (app, deps) => {
  const { db } = deps;

  app.get<WithToken>(
    '/proofs/:token/pdf/',
    doc({
      summary: 'The proof PDF a mailed proof link names',
      params: { token: tokenParam },
      produces: 'application/pdf',
      responses: { 200: 'The PDF.', 404: 'Not a valid proof link.' },
    }),
    async (request, reply) => {
      const { proof, order } = await tokenProofOrThrow(deps, request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${proofFileName(order.number, proof.version)}"`)
        .header('cache-control', 'private, no-store')
        .send(proof.pdf);
    },
  );

  app.get<{ Params: { token: string; design: string; side: string } }>(
    '/proofs/:token/cards/:design/:side/',
    doc({
      summary: 'One side of a printed card of the proof’s order, as this version showed it (SVG)',
      params: { token: tokenParam, design: idParam, side: proofSideParam },
      produces: 'image/svg+xml',
      responses: { 200: 'The SVG.', 404: 'Not a valid proof link, or not a card of its order.' },
    }),
    async (request, reply) => {
      const { proof } = await tokenProofOrThrow(deps, request.params.token);
      const side = proofSideParam.safeParse(request.params.side);
      const design = idParam.safeParse(request.params.design);
      if (!side.success || !design.success) throw new AppError('not_found', PROOF_MESSAGES.notFound);
      return sendSvg(reply, await designSvg(db, proof, design.data, side.data));
    },
  );

  app.post<WithToken>(
    '/proofs/:token/decision/',
    doc({
      summary: 'Approve the proof a mailed link names (confirming the order) or ask for changes with a note',
      params: { token: tokenParam },
      body: linkDecisionBody,
      responses: {
        200: { description: 'The proof as it now is.', schema: customerProofSchema },
        404: 'Not a valid proof link.',
        409: 'The proof was superseded or already answered, or the order is no longer awaiting it.',
      },
    }),
    async (request) => {
      const body = parseInput(linkDecisionBody, request.body);
      const { proof } = await tokenProofOrThrow(deps, request.params.token);
      const orderId = await decideProof(
        deps,
        { via: 'link', proofId: proof.id, version: proof.version },
        answerOf(body),
      );
      return proofOfOrder(db, orderId, proof.version);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/orders/:id/proof/decision/',
    doc({
      summary: 'Approve a proof of one of their orders (confirming it) or ask for changes with a note',
      auth: 'user',
      params: { id: idParam },
      body: ownerDecisionBody,
      responses: {
        200: { description: 'The proof as it now is.', schema: customerProofSchema },
        404: 'Not one of their orders, or no such proof version.',
        409: 'The proof was superseded or already answered, or the order is no longer awaiting it.',
      },
    }),
    async (request) => {
      const user = await requireUser(request);
      const orderId = idOf(request.params.id, ORDER_MESSAGES.notFound);
      const body = parseInput(ownerDecisionBody, request.body);
      await decideProof(
        deps,
        { via: 'profile', userId: user.id, orderId, version: body.version },
        answerOf(body),
      );
      return proofOfOrder(db, orderId, body.version);
    },
  );
};

/** The module's routes entry: its API, under /api. */
export const proofsRoutes = apiRoutes(proofsApi);

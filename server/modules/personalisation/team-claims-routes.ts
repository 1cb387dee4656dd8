import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { emailField } from '../accounts/schemas.ts';
import { claimedCardSchema } from '../registry/responses.ts';
import { sendDrawing } from './drawing-reply.ts';
import { acceptTeamCard, resendTeamCard, teamCardFront } from './team-claims.ts';

const acceptBody = z.strictObject({ token: z.string().max(100) });
const resendBody = z.strictObject({ email: emailField });

/** A Team Pack member's card: its printed front under the mailed link, and the claim itself. */
export const teamClaimRoutes: FastifyPluginAsync<Pick<Services, 'db' | 'mailer' | 'publicUrl'>> = async (
  app,
  deps,
) => {
  app.get<{ Params: { token: string } }>(
    '/team-cards/:token/front.svg',
    doc({
      summary: 'The front of a team member’s card as it was printed, for the holder of the mailed link',
      produces: 'image/svg+xml',
      responses: { 200: 'The SVG drawing.', 404: 'The link is unknown.' },
    }),
    async (request, reply) => {
      return sendDrawing(reply, await teamCardFront(deps.db, request.params.token));
    },
  );

  app.post(
    '/auth/team-cards/accept/',
    doc({
      summary: 'Claim a Team Pack card printed for the signed-in account’s address: the card becomes theirs',
      auth: 'user',
      body: acceptBody,
      responses: {
        200: { description: 'The card, now theirs.', schema: claimedCardSchema },
        403: 'The card was printed for another address.',
        404: 'The link is unknown, or another account used it.',
        409: 'The card was claimed by another account, blocked or locked as lost meanwhile.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { token } = parseInput(acceptBody, request.body);
      const card = await acceptTeamCard(deps, user, token);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );

  app.post<{ Params: { id: string; design: string } }>(
    '/orders/:id/designs/:design/member-link/',
    doc({
      summary:
        'Send a shipped Team Pack card’s claim link again, to its member or a corrected address: the old link stops working',
      auth: 'user',
      params: { id: idParam, design: idParam },
      body: resendBody,
      responses: {
        204: 'Sent.',
        400: 'Not an e-mail address, or another card of the pack is for it.',
        404: 'Not a printed card of one of their orders.',
        409: 'Not shipped yet, or already claimed.',
        429: 'Too many links sent in an hour.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { email } = parseInput(resendBody, request.body);
      const orderId = idParam.safeParse(request.params.id);
      const designId = idParam.safeParse(request.params.design);
      if (!orderId.success || !designId.success) throw new AppError('not_found', ORDER_MESSAGES.notFound);
      await resendTeamCard(deps, user, orderId.data, designId.data, email);
      return reply.status(204).send();
    },
  );
};

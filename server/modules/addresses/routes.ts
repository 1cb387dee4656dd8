import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { addressListSchema, savedAddressSchema } from './responses.ts';
import { addressSchema } from './schemas.ts';
import { ADDRESS_NOT_FOUND, addAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

function addressId(request: FastifyRequest<{ Params: { id: string } }>): number {
  const id = idParam.safeParse(request.params.id);
  if (!id.success) throw new AppError('not_found', ADDRESS_NOT_FOUND);
  return id.data;
}

/** The signed-in user's own addresses, and nobody else's. */
const addressesApi: FastifyPluginAsync<Pick<Services, 'db'>> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/auth/address/',
    doc({
      summary: 'The signed-in user’s saved addresses',
      auth: 'user',
      responses: { 200: { description: 'Their addresses.', schema: addressListSchema } },
    }),
    async (request) => listAddresses(db, (await requireUser(request)).id),
  );

  app.post(
    '/auth/address/',
    doc({
      summary: 'Save a new address',
      auth: 'user',
      body: addressSchema,
      responses: { 201: { description: 'The saved address.', schema: savedAddressSchema } },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parseInput(addressSchema, request.body);
      return reply.status(201).send(await addAddress(db, user.id, input));
    },
  );

  app.put<{ Params: { id: string } }>(
    '/auth/address/:id/',
    doc({
      summary: 'Change one of their addresses',
      auth: 'user',
      params: { id: idParam },
      body: addressSchema,
      responses: {
        200: { description: 'The changed address.', schema: savedAddressSchema },
        404: 'Not one of their addresses.',
      },
    }),
    async (request) => {
      const user = await requireUser(request);
      const id = addressId(request);
      return updateAddress(db, user.id, id, parseInput(addressSchema, request.body));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/auth/address/:id/',
    doc({
      summary: 'Delete one of their addresses (orders keep their copy)',
      auth: 'user',
      params: { id: idParam },
      responses: { 204: 'Deleted.', 404: 'Not one of their addresses.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteAddress(db, user.id, addressId(request));
      return reply.status(204).send();
    },
  );
};

/** The module's routes entry: its API, under /api. */
export const addressesRoutes = apiRoutes(addressesApi);

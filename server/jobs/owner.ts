import type { FastifyRequest } from 'fastify';
import { clientKeyOf } from '../http/client-id.ts';
import type { Owner } from './heavy-work.ts';

/** Whose turn a request's heavy work takes in the fair queue: its signed-in user, else its client's address. */
export async function ownerOf(request: FastifyRequest): Promise<Owner> {
  const user = await request.currentUser();
  return user ? `user:${user.id}` : `client:${clientKeyOf(request.ip)}`;
}

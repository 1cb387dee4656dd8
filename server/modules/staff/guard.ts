// What every domain's admin routes share: the admin making the request, and record ids from the path.
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../../http/id-param.ts';
import type { Actor } from './audit.ts';

export const FORBIDDEN = 'You do not have permission to perform this action.';

/** The signed-in admin; 401 for a visitor, 403 for anyone else (the admin scope checks this on every request). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await request.currentUser();
  if (!user) throw new AppError('unauthorized', ACCOUNT_MESSAGES.notSignedIn);
  if (user.role !== 'admin') throw new AppError('forbidden', FORBIDDEN);
  return { id: user.id, email: user.email };
}

/** A record id from the path; anything that cannot be one answers the record's "not found". */
export function idOf(value: string, notFound: string): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', notFound);
  return parsed.data;
}

export type WithId = { Params: { id: string } };

import type { FastifyInstance } from 'fastify';
import { asDatabaseClient } from '../db/time-share.ts';
import { clientKeyOf } from './client-id.ts';

/**
 * Counts each request's time in the embedded database to its client's address (db/time-share.ts), so that
 * one client's slow queries, back to back, take only its share of the database from everyone else. Fastify
 * runs a request's body parser in the request's own async scope, so the handler of a POST is still inside.
 */
export function registerDatabaseClients(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    asDatabaseClient(`client:${clientKeyOf(request.ip)}`, done);
  });
}

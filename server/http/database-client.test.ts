import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseClient } from '../db/time-share.ts';
import { registerDatabaseClients } from './database-client.ts';

// The client a request's queries are counted to must survive the wait for its body, which arrives on the
// socket's own events: a POST's handler is where an expensive query would be made.
const app = Fastify();
let base: string;

beforeAll(async () => {
  registerDatabaseClients(app);
  app.get('/whose', async () => ({ client: databaseClient() }));
  app.post('/whose', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { client: databaseClient() };
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

it('counts a read and a write with a body, sent slowly, to the client’s address', async () => {
  expect(await (await fetch(`${base}/whose`)).json()).toEqual({ client: 'client:127.0.0.1' });
  // Its body in two parts, 50 ms apart: the handler runs on the second part's arrival.
  const body = new ReadableStream({
    async start(controller) {
      const text = new TextEncoder().encode(JSON.stringify({ note: 'x'.repeat(2000) }));
      controller.enqueue(text.slice(0, 1000));
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.enqueue(text.slice(1000));
      controller.close();
    },
  });
  const answer = await fetch(`${base}/whose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  expect(await answer.json()).toEqual({ client: 'client:127.0.0.1' });
  // Outside a request: nobody's.
  expect(databaseClient()).toBeUndefined();
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf, registerEtags } from './etag.ts';

const app = Fastify();
beforeAll(async () => {
  registerEtags(app);
  app.get('/kept', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send('kept'),
  );
  app.post('/kept', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send('kept'),
  );
  app.get('/private', async (_request, reply) => reply.header('cache-control', 'no-store').send('private'));
  await app.ready();
});
afterAll(() => app.close());

describe('ETags', () => {
  const tag = etagOf('kept');

  it('answers 304 to a read holding the tag, alone, weak or in a list', async () => {
    for (const held of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const answer = await app.inject({ url: '/kept', headers: { 'if-none-match': held } });
      expect(answer.statusCode, held).toBe(304);
      expect(answer.body).toBe('');
    }
    const stale = await app.inject({ url: '/kept', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(tag);
  });

  it('never answers 304 to a write, and never tags an answer that is not kept', async () => {
    const write = await app.inject({ method: 'POST', url: '/kept', headers: { 'if-none-match': tag } });
    expect(write.statusCode).toBe(200);
    const privateAnswer = await app.inject({ url: '/private' });
    expect(privateAnswer.headers.etag).toBeUndefined();
  });
});

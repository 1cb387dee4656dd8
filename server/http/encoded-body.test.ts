import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodedBody, sendEncoded } from './encoded-body.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

async function serverSending(body: ReturnType<typeof encodedBody>) {
  const app = Fastify();
  app.get('/', (request, reply) => sendEncoded(request, reply.type('text/plain'), body));
  await app.ready();
  return app;
}

describe('encodedBody', () => {
  it('compresses an answer at the best settings only once it is sent again', async () => {
    const body = encodedBody('a kept page '.repeat(500));
    const app = await serverSending(body);
    const br = { 'accept-encoding': 'br' };
    expect((await app.inject({ url: '/', headers: br })).headers['content-encoding']).toBeUndefined();
    await settle();
    // Read once (every answer when nothing is kept): no best-quality pass was started for it.
    expect(body.variants).toEqual({});
    await app.inject({ url: '/', headers: br });
    for (let i = 0; i < 150 && !body.variants.br; i++) await settle();
    const hit = await app.inject({ url: '/', headers: br });
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.etag).toBe(`${body.etag.slice(0, -1)}-br"`);
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(body.identity.toString());
    await app.close();
  });

  it('never compresses a small answer', async () => {
    const body = encodedBody('{"ok":true}');
    const app = await serverSending(body);
    for (let i = 0; i < 3; i++) await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await settle();
    expect(body.variants).toEqual({});
    await app.close();
  });
});

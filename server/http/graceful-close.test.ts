import http from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulClose } from './graceful-close.ts';

/** An app with one named close step and two routes that answer when told: `/slow` and a streamed `/stream`. */
async function closingApp() {
  const app = Fastify();
  const onClose = registerGracefulClose(app);
  const release = { step: () => {}, answer: () => {} };
  onClose('mailer', () => new Promise<void>((resolve) => (release.step = resolve)));
  let started = () => {};
  const answering = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await new Promise<void>((resolve) => (release.answer = resolve));
    return { done: true };
  });
  const stream = new PassThrough();
  app.get('/stream', async (_request, reply) => {
    stream.write('first part\n');
    started();
    return reply.header('content-type', 'text/plain').send(stream);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, release, answering, stream, base: `http://127.0.0.1:${port}` };
}

describe('a graceful shutdown', () => {
  it('names the answer still in flight, then the step still running; the answer ends its connection', async () => {
    const { app, release, answering, base } = await closingApp();
    const answer = fetch(`${base}/slow`);
    await answering;

    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Object.keys(app.closeSteps())).toEqual(['open connections']);

    release.answer();
    const response = await answer;
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ done: true });
    await expect.poll(() => Object.keys(app.closeSteps())).toEqual(['mailer']);

    release.step();
    await closed;
    expect(app.closeSteps()).toEqual({});
  });

  it('does not wait for the keep-alive timeout after an answer that was already sending', async () => {
    const { app, release, answering, stream, base } = await closingApp();
    // Node's agent keeps the connection as a browser does (fetch's pool hangs up on its own).
    const agent = new http.Agent({ keepAlive: true });
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/stream`, { agent }, resolve),
    );
    await answering;
    expect(response.headers.connection).toBe('keep-alive');

    const closed = app.close();
    await expect.poll(() => Object.keys(app.closeSteps())).toEqual(['open connections']);
    stream.end('last part\n');
    expect(await text(response)).toBe('first part\nlast part\n');
    await expect.poll(() => Object.keys(app.closeSteps())).toEqual(['mailer']);
    release.step();
    await closed;
    agent.destroy();
  });
});

/** The body, read without `for await`: ending that iteration destroys the response and its socket. */
function text(response: http.IncomingMessage): Promise<string> {
  let body = '';
  response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
  return new Promise((resolve) => response.on('end', () => resolve(body)));
}

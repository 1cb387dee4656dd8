import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shutdown steps still running, each with the milliseconds it has taken so far. */
    closeSteps(): Record<string, number>;
  }
}

/**
 * A shutdown that waits for answers, not for clients: an answer finished while the server closes ends its
 * keep-alive connection (otherwise an answer already sending when the signal came would hold the close for
 * the 72 s keep-alive timeout). It names what it waits on, so one that overruns its deadline says which
 * step held it: the connections still open after the server stopped listening, and each named onClose step
 * still running. Returns the way to add a named step.
 */
export function registerGracefulClose(app: FastifyInstance) {
  const running = new Map<string, number>();
  app.decorate('closeSteps', () =>
    Object.fromEntries([...running].map(([name, start]) => [name, Math.round(performance.now() - start)])),
  );
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    if (!app.server.listening) return;
    running.set('open connections', performance.now());
    app.server.once('close', () => running.delete('open connections'));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // The socket is idle once its response has finished; Node lets it go a tick later.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
  return (name: string, step: () => unknown) => {
    app.addHook('onClose', async () => {
      running.set(name, performance.now());
      try {
        await step();
      } finally {
        running.delete(name);
      }
    });
  };
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { ChangeFeed } from './db/changes.ts';
import { PROFILES_TOPIC } from './http/card-page-changes.ts';
import { PageCache } from './http/page-cache.ts';
import { pageKeys } from './http/page-key.ts';
import type { PageScripts } from './http/security.ts';
import { CATALOG_TOPIC } from './modules/catalog/service.ts';
import { buildDir } from './paths.ts';

interface WebOptions {
  mode: 'dev' | 'build';
  /** A page's nonce for its inline scripts (and the CSP that allows them). */
  pageScripts: PageScripts;
  /** The reply is for work that waits until the answer is sent. */
  loadContext: (request: FastifyRequest, reply: FastifyReply) => AppLoadContext;
  /** Empties the page cache when data changes; without it nothing is cached. */
  changes?: ChangeFeed;
  /** Told of every page answered (after it was sent): the card pages' views are counted here. */
  answered?: (request: FastifyRequest, reply: FastifyReply) => void;
}

/** `url`: the one to render when it is not the request's own (a cached page renders its cache key). */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, url = request.url): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  // Only a client gone before its answer aborts the work: aborting every finished request made each one
  // pay for an AbortError and React Router's listeners.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const body =
    request.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(url, origin), {
    method: request.method,
    headers,
    body,
    signal: controller.signal,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // Private unless the page says otherwise: only pages the same for every visitor declare `public`.
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-store');
  // React Router's 405 is a POST to a page without an action: the page can only be read.
  if (response.status === 405 && !response.headers.has('allow')) reply.header('allow', 'GET, HEAD');
  if (response.body && response.headers.get('content-type')?.startsWith('text/html')) {
    // A document is rendered whole (app/entry.server.tsx): one buffer, one write, a Content-Length.
    await reply.send(Buffer.from(await response.arrayBuffer()));
  } else if (response.body) {
    await reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  } else {
    await reply.send();
  }
}

/** Raised at start when the production build is missing; main prints its one-line message. */
export class MissingBuildError extends Error {}

/** Serves the React Router app (SSR) for every path the API, media and static files do not claim. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      throw new MissingBuildError(`No production build at ${serverEntry}: run "npm run build" first.`);
    }
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every file name under assets/, so those never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    // The build itself, not a function returning it: React Router then derives its route tree once,
    // not on every request.
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  }

  const handle = createRequestHandler(build, options.mode === 'dev' ? 'development' : 'production');
  // Development re-renders every time so edits show.
  const pages =
    typeof build !== 'function' && options.changes
      ? new PageCache(
          options.changes,
          [CATALOG_TOPIC, PROFILES_TOPIC],
          options.pageScripts.policyWithHashes,
          pageKeys(build.routes),
        )
      : undefined;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    onResponse: (request, reply, done) => {
      options.answered?.(request, reply);
      done();
    },
    // Not async: a kept page is sent without a promise (the handler then returns nothing).
    handler: (request, reply) => {
      if (request.method === 'GET' && pages?.sendKept(request.url, reply)) return;
      return renderPage(request, reply);
    },
  });

  async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // A nonce only for a page rendered now: a kept page's scripts are allowed by their hashes.
    const render = (url?: string) => {
      options.pageScripts.withNonce(reply);
      return handle(toWebRequest(request, reply, url), options.loadContext(request, reply));
    };
    const cache = request.method === 'GET' ? pages : undefined;
    const response = cache ? await cache.serve(request.url, reply, render) : await render();
    if (response) await sendWebResponse(reply, response);
    return reply;
  }

  // Form posts to page actions (the contact and consultation forms work without JavaScript). Every body
  // reaches React Router raw, whatever its type, so a page without an action answers 405 and an action
  // refuses what is not a form (app/lib/posted-form.server.ts); a body parsed here would reach the action
  // empty under its original content type. Small: no page action takes files.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.route({
      method: 'POST',
      url: '/*',
      handler: async (request, reply) => {
        options.pageScripts.withNonce(reply);
        const response = await handle(toWebRequest(request, reply), options.loadContext(request, reply));
        await sendWebResponse(reply, response);
        return reply;
      },
    });
  });
}

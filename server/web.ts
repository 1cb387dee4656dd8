import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { VIA_PARAM } from '../common/visit-source.ts';
import type { ChangeFeed } from './db/changes.ts';
import { ResponseCache } from './http/response-cache.ts';
import { buildDir } from './paths.ts';

interface WebOptions {
  mode: 'dev' | 'build';
  /** The reply is for work that waits until the answer is sent. */
  loadContext: (request: FastifyRequest, reply: FastifyReply) => AppLoadContext;
  /** Empties the page cache when data changes; without it nothing is cached. */
  changes?: ChangeFeed;
  /** Told of every page answered (after it was sent): the card pages' views are counted here. */
  answered?: (request: FastifyRequest, reply: FastifyReply) => void;
}

/** A rendered public page, kept with a stand-in where each response's CSP nonce goes. */
interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

const NONCE_SLOT = '\u0000csp-nonce\u0000';
const CACHED_PAGES = 300;

/** Only pages that say they are the same for every visitor (`Cache-Control: public`) are shared. */
function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    /\bpublic\b/.test(response.headers.get('cache-control') ?? '') &&
    response.headers.getSetCookie().length === 0
  );
}

/**
 * A card page is the same whatever its `?via=` (where the visit came from, read by the recorder and the
 * page's script), so every source shares one entry instead of pushing others out.
 */
function cacheKeyOf(url: string): string {
  if (!url.startsWith('/profile/') || !url.includes(`${VIA_PARAM}=`)) return url;
  const parsed = new URL(url, 'http://page.invalid');
  parsed.searchParams.delete(VIA_PARAM);
  return parsed.pathname + parsed.search;
}

function sendPage(reply: FastifyReply, page: CachedPage, nonce: string): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  return reply.send(page.body.replaceAll(NONCE_SLOT, nonce));
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const body =
    request.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(request.url, origin), {
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
  if (response.body) {
    await reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  } else {
    await reply.send();
  }
}

/** Raised at start when the production build is missing; main prints its one-line message. */
export class MissingBuildError extends Error {}

/** Serves the React Router app (SSR) for every path the API, media and static files do not claim. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;
  if (options.mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
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
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
  }

  const handle = createRequestHandler(getBuild, options.mode === 'dev' ? 'development' : 'production');
  // Public pages are the same for every visitor, so a rendered one is served again until data changes.
  // Development re-renders every time so edits show.
  const pages =
    options.mode === 'build' && options.changes
      ? new ResponseCache<CachedPage>(options.changes, CACHED_PAGES, 'any')
      : undefined;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    onResponse: async (request, reply) => options.answered?.(request, reply),
    handler: async (request, reply) => {
      const cache = request.method === 'GET' ? pages : undefined;
      const key = cacheKeyOf(request.url);
      const hit = cache?.get(key);
      if (hit) return sendPage(reply, hit, request.cspNonce);
      const generation = cache?.currentGeneration ?? 0;
      const response = await handle(toWebRequest(request, reply), options.loadContext(request, reply));
      if (cache && isShareable(response)) {
        const page: CachedPage = {
          status: response.status,
          headers: [...response.headers],
          body: (await response.text()).replaceAll(request.cspNonce, NONCE_SLOT),
        };
        cache.set(key, page, generation);
        return sendPage(reply, page, request.cspNonce);
      }
      await sendWebResponse(reply, response);
      return reply;
    },
  });

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
        const response = await handle(toWebRequest(request, reply), options.loadContext(request, reply));
        await sendWebResponse(reply, response);
        return reply;
      },
    });
  });
}

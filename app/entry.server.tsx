import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { hydrates } from './lib/bare-page';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5000;

/**
 * The script preloads React Router puts in <head> (React hoists them there). Without them a hydrated page
 * paints on the stylesheet alone: on a phone's link its scripts no longer share the bandwidth the first
 * paint waits for. React starts later: the module script at the end of <body> fetches its imports, then
 * theirs, then React Router's entry (decision 035). Forms React sends are held until then (app/form-guard).
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * The whole document, rendered before it is answered. No page suspends on data (loaders await theirs), so
 * the shell is the page: streaming it sent the same bytes in a dozen small writes, each through three
 * stream layers, and a kept page is read whole anyway.
 *
 * A page React hydrates needs the stream: React Router sends its loader data to the browser in a
 * suspended part of the document. A bare or light page (no React in the browser) is one string: about a
 * fifth less CPU per render than the stream (decision 031).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const document = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const { matches } = routerContext.staticHandlerContext;
  if (!hydrates(matches.map(({ route }) => ({ handle: routerContext.routeModules[route.id]?.handle })))) {
    const html = `<!DOCTYPE html>${renderToString(document)}`;
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => {
      const html = Buffer.concat(chunks).toString().replace(MODULE_PRELOAD, '');
      resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        // A finished render must not be kept alive by the abort timer.
        clearTimeout(timer);
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

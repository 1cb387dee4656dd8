import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5000;

/**
 * The whole document, rendered before it is answered. No page suspends on data (loaders await theirs), so
 * the shell is the page: streaming it sent the same bytes in a dozen small writes, each through three
 * stream layers, and a kept page is read whole anyway.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
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
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
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
      },
    );
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

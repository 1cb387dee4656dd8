import type { FastifyReply } from 'fastify';
import { VIA_PARAM } from '../../common/visit-source.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { cacheKeyOf } from './cache-key.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * A rendered public page, its body cut where each response's CSP nonce goes. Kept encoded: a hit copies
 * bytes instead of encoding (and measuring) the page's text again for every answer.
 */
interface CachedPage {
  status: number;
  headers: [string, string][];
  bodyAroundNonce: Buffer[];
}

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
 * What a page reads of its URL. A card page is also the same whatever its `?via=` (where the visit came
 * from, read by the recorder and the page's script), so every source shares one entry.
 */
function pageKeyOf(url: string): string {
  return url.startsWith('/profile/') ? cacheKeyOf(url, (name) => name === VIA_PARAM) : cacheKeyOf(url);
}

async function keepable(response: Response, nonce: string): Promise<CachedPage | undefined> {
  if (!isShareable(response)) return undefined;
  return {
    status: response.status,
    headers: [...response.headers],
    bodyAroundNonce: (await response.text()).split(nonce).map((part) => Buffer.from(part)),
  };
}

function joined(parts: Buffer[], separator: Buffer): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    if (pieces.length > 0) pieces.push(separator);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}

/** Renders the page at `url` (the request's own when undefined) with this request's nonce. */
type Render = (url?: string) => Promise<Response>;

/**
 * Public pages are the same for every visitor, so a rendered one is served again until data changes.
 * A page is rendered for its key (its URL without what it does not read), and concurrent misses for one
 * key share one render.
 */
export class PageCache {
  private readonly pages: ResponseCache<CachedPage>;

  constructor(changes: ChangeFeed) {
    this.pages = new ResponseCache<CachedPage>(changes, CACHED_PAGES, 'any');
  }

  /**
   * Sends the kept (or freshly rendered and kept) page and returns undefined; or returns the answer
   * for the caller to send when it may not be shared.
   */
  async serve(
    url: string,
    reply: FastifyReply,
    nonce: string,
    render: Render,
  ): Promise<Response | undefined> {
    const key = pageKeyOf(url);
    let own: Response | undefined;
    const page = await this.pages.getOrCompute(key, async () => {
      own = await render(key);
      return keepable(own, nonce);
    });
    if (!page) {
      // A follower whose leader's page could not be shared renders its own.
      return own ?? render();
    }
    reply.status(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    await reply.send(joined(page.bodyAroundNonce, Buffer.from(nonce)));
    return undefined;
  }
}

import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ChangeFeed, ChangeTopic } from '../db/changes.ts';
import { cacheKeyOf } from './cache-key.ts';
import { type EncodedBody, encodedBody, sendEncoded } from './encoded-body.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * A rendered public page, the same bytes for every visitor: rendered with one request's nonce, kept
 * without it, its inline scripts allowed by their hashes instead (decision 033). So a hit draws no
 * nonce, splices nothing, sends bytes compressed once, and answers 304 to a browser that holds them.
 */
interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: EncodedBody;
}

const CACHED_PAGES = 300;

/** A change feed topic saying that the page at one path changed (and nothing else): `page:/profile/maya`. */
const PAGE_TOPIC = 'page:';
export const pageTopic = (path: string): string => `${PAGE_TOPIC}${path}`;

/** Tells every process's page cache that the pages at these paths changed (each once). */
export async function publishPageChanges(
  deps: { publish(topic: ChangeTopic): Promise<void> },
  paths: Iterable<string>,
): Promise<void> {
  for (const path of new Set(paths)) await deps.publish(pageTopic(path));
}

/** The page a key is of: its path without the query, a trailing slash or React Router's `.data`. */
const pageOf = (key: string) =>
  (key.split('?', 1)[0] ?? key)
    .replace(/\.data$/, '')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();

/** Only pages that say they are the same for every visitor (`Cache-Control: public`) are shared. */
function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    /\bpublic\b/.test(response.headers.get('cache-control') ?? '') &&
    response.headers.getSetCookie().length === 0
  );
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks (JSON-LD) never run, and scripts loaded from the site are allowed by 'self'. */
const NOT_RUN_INLINE = /\bsrc\s*=|\btype\s*=\s*"?application\/(?:ld\+)?json/i;

/**
 * The base64 SHA-256 of each inline script that runs, as a browser computes it: over the script's text
 * in UTF-8, line breaks normalised as the HTML parser does.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (NOT_RUN_INLINE.test(attributes)) continue;
    hashes.add(createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64'));
  }
  return [...hashes];
}

/** Builds the CSP of a kept page from its inline scripts' hashes. */
type PolicyWithHashes = (hashes: string[]) => string;

function keptPage(response: Response, text: string, nonce: string, policy: PolicyWithHashes) {
  const html = text.replaceAll(` nonce="${nonce}"`, '');
  // The nonce anywhere else (in a script's text, say) would be sent to every visitor: not kept.
  if (nonce === '' || html.includes(nonce)) return undefined;
  const headers = Object.fromEntries(response.headers);
  headers['content-security-policy'] = policy(inlineScriptHashes(html));
  return { status: response.status, headers, body: encodedBody(html) };
}

/** Renders the page at `url` (the request's own when undefined), with a fresh nonce for this request. */
type Render = (url?: string) => Promise<Response>;

/**
 * Public pages are the same for every visitor, so a rendered one is served again until data changes.
 * A page is rendered for its key (its URL without what it does not read), and concurrent misses for one
 * key share one render.
 */
export class PageCache {
  private readonly pages: ResponseCache<CachedPage>;

  /**
   * `topics`: the changes that may show on any page (the catalogue, every profile), which empty the cache;
   * a `pageTopic(path)` change forgets only that page, so one owner editing their card does not make the
   * server render every other page again for everyone. `keyOf`: what of a URL its page reads
   * (server/http/page-key.ts); by default all but marketing parameters.
   */
  constructor(
    changes: ChangeFeed,
    topics: ChangeTopic[],
    private readonly policy: PolicyWithHashes,
    private readonly keyOf: (url: string) => string = cacheKeyOf,
  ) {
    this.pages = new ResponseCache<CachedPage>(changes, CACHED_PAGES, topics);
    changes.subscribe((topic) => {
      if (!topic.startsWith(PAGE_TOPIC)) return;
      const page = pageOf(topic.slice(PAGE_TOPIC.length));
      this.pages.forget((key) => pageOf(key) === page);
    });
  }

  /**
   * Sends the kept page for `url` and returns the reply, or returns undefined when none is kept. No
   * promise on this path: it is most of a busy site's pages.
   */
  sendKept(url: string, reply: FastifyReply): FastifyReply | undefined {
    const page = this.pages.get(this.keyOf(url));
    return page && this.send(page, reply, 'hit');
  }

  /**
   * `Server-Timing` tells a browser's developer tools, a CDN's logs and the tests whether the page was
   * rendered for this request (a miss) or not (kept, or rendered for a request beside it: a hit).
   */
  private send(page: CachedPage, reply: FastifyReply, served: 'hit' | 'miss'): FastifyReply {
    reply.status(page.status).headers(page.headers).header('server-timing', `cache;desc="${served}"`);
    return sendEncoded(reply.request, reply, page.body);
  }

  /**
   * Sends the kept (or freshly rendered and kept) page and returns undefined; or returns the answer
   * for the caller to send when it may not be shared.
   */
  async serve(url: string, reply: FastifyReply, render: Render): Promise<Response | undefined> {
    const key = this.keyOf(url);
    let own: Response | undefined;
    const page = await this.pages.getOrCompute(key, async () => {
      const rendered = await render(key);
      own = rendered;
      if (!isShareable(rendered)) return undefined;
      const text = await rendered.text();
      const page = keptPage(rendered, text, reply.request.cspNonce, this.policy);
      if (!page) own = new Response(text, { status: rendered.status, headers: rendered.headers });
      return page;
    });
    if (!page) {
      // A follower whose leader's page could not be shared renders its own.
      return own ?? render();
    }
    await this.send(page, reply, own ? 'miss' : 'hit');
    return undefined;
  }
}

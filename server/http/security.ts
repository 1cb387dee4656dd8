import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce that lets a page's own inline scripts (React Router's hydration data) run; '' off pages. */
    cspNonce: string;
  }
}

interface SecurityOptions {
  /** Vite's dev server needs inline and eval'd scripts and a websocket for hot reload. */
  dev: boolean;
  https: boolean;
}

/**
 * `inline` lists the sources of the inline scripts that may run ('nonce-…' or 'sha256-…'); empty: none
 * may (every answer but a page's HTML).
 */
function contentSecurityPolicy(inline: string[], { dev, https }: SecurityOptions): string {
  const scripts = ["'self'", ...inline].join(' ');
  const directives = [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src ${scripts}`,
    // Inline style attributes and the toast library's injected stylesheet; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The contact page's map, only after the visitor asks for it.
    'frame-src https://www.openstreetmap.org',
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * The hardening headers of every answer, computed once: what helmet's defaults send (less its CSP, which
 * is ours, and Cross-Origin-Embedder-Policy, which would block the map's frame), set in one call instead of
 * a dozen middleware per request.
 */
function hardeningHeaders({ https }: SecurityOptions): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/**
 * 16 random bytes at a time from a pool drawn 4 KiB at once: a page's nonce without a system call each
 * (the same pooling Node does for `randomUUID`).
 */
function nonceSource(): () => string {
  const pool = Buffer.alloc(4096);
  let used = pool.length;
  return () => {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    used += 16;
    return pool.toString('base64', used - 16, used);
  };
}

export interface PageScripts {
  /** Gives this answer (a page's HTML) a fresh nonce and the CSP that lets scripts carrying it run. */
  withNonce(reply: FastifyReply): string;
  /**
   * The CSP of a kept page, whose inline scripts are allowed by their hashes ('sha256-…'): its bytes
   * are then the same for every visitor, so they are compressed once and can answer 304.
   */
  policyWithHashes(hashes: string[]): string;
}

/**
 * Strict security headers (and the request's id) on every answer. The policy is a constant, computed once, except on pages,
 * which ask for a nonce through the returned function: JSON, files and redirects run no inline script,
 * so they are spared the random bytes and the policy string built per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): PageScripts {
  app.decorateRequest('cspNonce', '');
  const headers = {
    ...hardeningHeaders(options),
    'content-security-policy': contentSecurityPolicy([], options),
  };
  // A callback hook, not an async one: no promise per request for a few assignments.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // The id of this request's log line, for a user's bug report or a support question.
    reply.header('x-request-id', request.id);
    done();
  });
  const nextNonce = nonceSource();
  return {
    withNonce(reply) {
      const nonce = nextNonce();
      reply.request.cspNonce = nonce;
      reply.header('content-security-policy', contentSecurityPolicy([`'nonce-${nonce}'`], options));
      return nonce;
    },
    policyWithHashes: (hashes) =>
      contentSecurityPolicy(
        hashes.map((hash) => `'sha256-${hash}'`),
        options,
      ),
  };
}

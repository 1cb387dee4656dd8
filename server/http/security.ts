import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
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

/** `nonce` undefined: no inline script may run (every answer but a page's HTML). */
function contentSecurityPolicy(nonce: string | undefined, { dev, https }: SecurityOptions): string {
  const scripts = nonce === undefined ? "'self'" : `'self' 'nonce-${nonce}'`;
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

/** Gives this answer (a page's HTML) a fresh nonce and the CSP that lets scripts carrying it run. */
export type PageScripts = (reply: FastifyReply) => string;

/**
 * Strict security headers on every answer. The policy is a constant, computed once, except on pages,
 * which ask for a nonce through the returned function: JSON, files and redirects run no inline script,
 * so they are spared the random bytes and the policy string built per request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<PageScripts> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.decorateRequest('cspNonce', '');
  const scriptless = contentSecurityPolicy(undefined, options);
  const permissions = 'camera=(), microphone=(), geolocation=(), payment=()';
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', scriptless);
    reply.header('permissions-policy', permissions);
  });
  return (reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply.request.cspNonce = nonce;
    reply.header('content-security-policy', contentSecurityPolicy(nonce, options));
    return nonce;
  };
}

import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-response nonce that lets our own inline scripts (React Router's hydration data) run. */
    cspNonce: string;
  }
}

interface SecurityOptions {
  /** Vite's dev server needs inline and eval'd scripts and a websocket for hot reload. */
  dev: boolean;
  https: boolean;
}

function contentSecurityPolicy(nonce: string, { dev, https }: SecurityOptions): string {
  const directives = [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'self' 'nonce-${nonce}'`,
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

/** Strict security headers on every answer, with a nonce-based CSP the pages pass. */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64');
    reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, options));
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
}

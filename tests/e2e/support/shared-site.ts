import { createHash } from 'node:crypto';
import path from 'node:path';
import { type MailedServer, startMailedServer } from './mailed-server.ts';

/**
 * The server a Playwright worker shares between the spec files that need no process of their own (issue 33):
 * started once per worker on a copy of the run's prepared data directory, with real mail to an SMTP
 * capture. A spec of its own keeps its own server when it changes the server's settings, seeds its database
 * before the server starts, counts what every visitor changes (verification counts, dashboards), or stops,
 * crashes or throttles the process.
 *
 * Behind a trusted "proxy" (the tests): each spec file's requests come from an address of its own, so that
 * per-client limits (ten registrations an hour, the contact form's) count each spec as the one visitor it
 * would be on a server of its own, and no spec spends another's allowance.
 */
export const SHARED_SITE_ENV = { TRUST_PROXY: '127.0.0.1', MAIL_TO_SALES: 'sales@shop.test' };

export function startSharedSite(): Promise<MailedServer> {
  return startMailedServer(SHARED_SITE_ENV);
}

/** The address a spec file's requests come from: one per file, in 10.0.0.0/8. */
export function clientAddress(specFile: string): string {
  const digest = createHash('sha256').update(path.basename(specFile)).digest();
  return `10.${digest[0]}.${digest[1]}.${(digest[2] ?? 0) | 1}`;
}

/** The headers that make a request come from the spec file's own client, for `test.use({ extraHTTPHeaders })`. */
export function clientHeaders(specFile: string): Record<string, string> {
  return { 'x-forwarded-for': clientAddress(specFile) };
}

/** The spec file's view of its worker's shared server: its requests carry the file's client address; closing it leaves the server to the worker. */
export function asSpecClient(site: MailedServer, specFile: string): MailedServer {
  return { ...site, headers: clientHeaders(specFile), close: async () => {} };
}

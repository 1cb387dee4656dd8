import { createHash } from 'node:crypto';
import path from 'node:path';
import { type MailedServer, startMailedServer } from './mailed-server.ts';
import { seedResidents } from './residents.ts';

/**
 * The server a Playwright worker shares between the spec files that need no process of their own (issue 33):
 * started once per worker on a copy of the run's prepared data directory, with real mail to an SMTP
 * capture. A spec keeps a server of its own when it changes the server's settings, counts or changes what
 * every visitor sees (verification counts, dashboards, tax rates, the demo serials), or stops, crashes or
 * throttles the process.
 *
 * Behind a trusted "proxy" (the tests): each spec file's requests come from an address of its own, so that
 * per-client limits (ten registrations an hour, the contact form's) count each spec as the one visitor it
 * would be on a server of its own, and no spec spends another's allowance.
 */
export const SHARED_SITE_ENV = { TRUST_PROXY: '127.0.0.1', MAIL_TO_SALES: 'sales@shop.test' };

/** The shared server, with the people of every spec that shares it (residents.ts) written in before it starts. */
export function startSharedSite(): Promise<MailedServer> {
  return startMailedServer(SHARED_SITE_ENV, seedResidents);
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

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type APIRequestContext, request } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchPath } from 'react-router';
import routes from '../../app/routes.ts';
import { productLinks, serviceLinks } from '../../content/navigation.ts';
import { DEMO_CARD_OWNERS } from '../../server/test/card-owners.ts';
import { linkIn } from '../../server/test/smtp-capture.ts';
import { expect, test } from './support/fixtures.ts';
import {
  type MailedServer,
  registerActiveUser,
  startMailedServerWithAdmin,
} from './support/mailed-server.ts';
import { projectRoot } from './support/server-process.ts';

/**
 * Every page the site renders, as the server sends it, is valid HTML for the W3C Nu HTML Checker
 * (`vnu-jar`, run once over all pages on Debian's Java) and has exactly one <h1>.
 */

const VNU_JAR = path.join(projectRoot, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

// Demo serials from the seed: one to claim (a tap then opens the profile), one unclaimed, one blocked.
const CLAIMED = 'KMQ8CB9YWGJD';
const UNCLAIMED = 'AQMTQR6BZ5K9';
const BLOCKED = 'W9PX4XMVDGHY';
const SERIAL = 'ECD1DD829NKP';
const LOST = '4RRFNHHHCTE2';

type Who = 'visitor' | 'customer' | 'admin';
interface Visit {
  who: Who;
  path: string;
  status: number;
  /** Where the request ends after redirects, when not `path`. */
  lands?: string;
}

let site: MailedServer;
const admin = { email: 'owner@example.test', password: 'Owner-Pass-2026' };
const customer = {
  firstName: 'Vera',
  lastName: 'Valid',
  email: `vera.${Date.now()}@example.test`,
  password: 'Blue-Harbour-42',
};

test.beforeAll(async () => {
  // A fresh database (migrations, the seed's images) and a mailed sign-up: slow on a busy machine.
  test.setTimeout(120_000);
  site = await startMailedServerWithAdmin(admin, DEMO_CARD_OWNERS);
  await registerActiveUser(site, customer);
});

test.afterAll(async () => {
  await site?.close();
});

async function signedIn(who: { email: string; password: string }): Promise<{
  context: APIRequestContext;
  user: { id: number; username: string };
}> {
  const context = await request.newContext({ extraHTTPHeaders: { origin: site.baseUrl } });
  const response = await context.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: who.email, password: who.password },
  });
  expect(response.status()).toBe(200);
  return { context, user: (await response.json()).user };
}

/** Each route pattern of app/routes.ts, with the prefixes of its parents; layouts only pass theirs on. */
function routePatterns(entries: RouteConfigEntry[], parent = ''): Array<{ file: string; pattern: string }> {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ''].filter(Boolean).join('/');
    if (entry.children) return routePatterns(entry.children, joined);
    return [{ file: entry.file, pattern: `/${joined}` }];
  });
}

function runVnu(files: string[]): Promise<{ stderr: string; failed: boolean }> {
  return new Promise((resolve) => {
    execFile(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => resolve({ stderr, failed: error !== null }),
    );
  });
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

test('every server-rendered page is valid HTML with exactly one <h1>', async () => {
  test.setTimeout(180_000);
  expect(existsSync(VNU_JAR), 'vnu-jar is installed').toBe(true);

  // Something to show on every page: an address, an order, a claimed card, a lead, a checked serial.
  const shopper = await signedIn(customer);
  const address = await (
    await shopper.context.post(`${site.baseUrl}/api/auth/address/`, {
      data: {
        address: '7 Harbour Row',
        city: 'Cobh',
        state: '',
        country: 'Ireland',
        postal_code: 'P24 X2YZ',
      },
    })
  ).json();
  const card = await (
    await shopper.context.get(`${site.baseUrl}/api/cards/classic-intro-card-matte-black/`)
  ).json();
  const placed = await shopper.context.post(`${site.baseUrl}/api/orders/`, {
    data: { address: address.id, items: [{ card: card.id, quantity: 2, design: card.category }] },
    headers: { 'idempotency-key': `html-validity-${Date.now()}` },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect(
    (
      await shopper.context.post(`${site.baseUrl}/api/auth/cards/claim/`, { data: { serial: CLAIMED } })
    ).status(),
  ).toBe(201);
  // A card locked as lost (its tap page), and an offer of the claimed one (the transfer link's page).
  expect(
    (
      await shopper.context.post(`${site.baseUrl}/api/auth/cards/claim/`, { data: { serial: LOST } })
    ).status(),
  ).toBe(201);
  expect((await shopper.context.post(`${site.baseUrl}/api/auth/cards/${LOST}/lost/`)).status()).toBe(200);
  const taker = `taker.${Date.now()}@example.test`;
  expect(
    (
      await shopper.context.post(`${site.baseUrl}/api/auth/cards/${CLAIMED}/transfer/`, {
        data: { email: taker },
      })
    ).status(),
  ).toBe(201);
  const transferPath = new URL(linkIn(await site.smtp.waitFor(taker), '/transfer')).pathname;
  expect(
    (
      await shopper.context.post(`${site.baseUrl}/api/contact/`, {
        data: {
          firstName: 'Lena',
          email: 'lena@example.test',
          phoneNumber: '+353 1 555 0100',
          subject: 'Cards for a team',
          message: 'We need 40 cards.',
        },
      })
    ).status(),
  ).toBe(201);
  expect((await shopper.context.get(`${site.baseUrl}/api/verify/?code=${SERIAL}`)).status()).toBe(200);
  const owner = await signedIn(admin);
  const username = shopper.user.username;
  // The permanent address printed on cards (decision 038) leads to the card page.
  const cardPath = (
    (await (await shopper.context.get(`${site.baseUrl}/api/auth/profile/`)).json()) as {
      card_path: string;
    }
  ).card_path;

  const visits: Visit[] = [
    ...[
      '/',
      '/about',
      '/services',
      ...serviceLinks.map((link) => link.to),
      '/contact',
      ...productLinks.map((link) => link.to),
      '/faq',
      '/blog',
      '/blog/why-paper-business-cards-get-lost',
      '/privacy',
      '/terms',
      '/cards',
      '/cards?page=2',
      '/cards/classic-intro-card-matte-black',
      '/cards/heritage-intro-card-bamboo',
      // Logo and signature uploads: signed out, only a hint to sign in stands where the file field would.
      '/cards/signature-intro-card-pearl-white',
      '/login',
      '/login?next=%2Fcheckout',
      '/activate/x/y',
      '/forgot-password',
      '/reset-password/x/y',
      '/confirm-email/x/y',
      '/secure-account/x/y',
      '/unlock/x/y',
      `/profile/${username}`,
      ...DEMO_CARD_OWNERS.map((owner) => `/profile/${owner.username}`),
      '/cart',
      '/verify',
      `/verify?code=${SERIAL}`,
      `/c/${UNCLAIMED}`,
      `/c/${LOST}`,
      transferPath,
    ].map((path): Visit => ({ who: 'visitor', path, status: 200 })),
    { who: 'visitor', path: `/c/${CLAIMED}`, status: 200, lands: `/profile/${username}?via=tap-${CLAIMED}` },
    { who: 'visitor', path: '/profile', status: 200, lands: '/login?next=%2Fprofile' },
    { who: 'visitor', path: cardPath, status: 200, lands: `/profile/${username}` },
    // Error states.
    { who: 'visitor', path: '/no-such-page', status: 404 },
    { who: 'visitor', path: '/services/no-such-service', status: 404 },
    { who: 'visitor', path: '/blog/no-such-post', status: 404 },
    { who: 'visitor', path: '/cards/no-such-card', status: 404 },
    { who: 'visitor', path: '/cards?page=99', status: 404 },
    { who: 'visitor', path: '/cards?page=abc', status: 400 },
    { who: 'visitor', path: '/profile/nobody-by-this-name', status: 404 },
    { who: 'visitor', path: '/c/0000-0000-0000', status: 404 },
    { who: 'visitor', path: `/c/${BLOCKED}`, status: 410 },
    { who: 'visitor', path: '/transfer/not-a-token', status: 404 },
    { who: 'visitor', path: '/team-card/not-a-token', status: 404 },
    { who: 'visitor', path: '/proof/not-a-token', status: 404 },
    // Signed in.
    { who: 'customer', path: '/profile', status: 200 },
    { who: 'customer', path: `/profile?claim=${UNCLAIMED}`, status: 200 },
    { who: 'customer', path: transferPath, status: 200 },
    { who: 'customer', path: '/checkout', status: 200 },
    { who: 'customer', path: `/order-success?order=${order.id}`, status: 200 },
    { who: 'customer', path: '/order-success', status: 200 },
    // An order with no proof sent (a proof's own page is checked in proofs.spec).
    { who: 'customer', path: `/profile/orders/${order.id}/proof`, status: 404 },
    { who: 'customer', path: '/admin', status: 403 },
    // The admin console.
    ...[
      '/admin',
      '/admin/orders',
      `/admin/orders/${order.id}`,
      '/admin/cards',
      '/admin/cards/new',
      `/admin/cards/${card.id}`,
      '/admin/serials',
      '/admin/serials/block',
      `/admin/serials/${SERIAL}`,
      `/admin/serials/${LOST}`,
      '/admin/users',
      `/admin/users/${shopper.user.id}`,
      '/admin/leads',
      '/admin/shipping',
      '/admin/bank',
      '/admin/audit',
    ].map((path): Visit => ({ who: 'admin', path, status: 200 })),
    { who: 'admin', path: '/admin/orders/999999', status: 404 },
    { who: 'admin', path: '/admin/orders?status=lost', status: 400 },
  ];

  // Every route of the route table is among them (the catch-all by a path no other route claims).
  const patterns = routePatterns(routes);
  const pathnames = visits.map((visit) => new URL(visit.path, site.baseUrl).pathname);
  const unvisited = patterns.filter(({ pattern }) =>
    pattern === '/*'
      ? !pathnames.some((name) => patterns.every((p) => p.pattern === '/*' || !matchPath(p.pattern, name)))
      : !pathnames.some((name) => matchPath(pattern, name)),
  );
  expect(unvisited, 'routes without a page in this test').toEqual([]);

  const contexts: Record<Who, APIRequestContext> = {
    visitor: await request.newContext(),
    customer: shopper.context,
    admin: owner.context,
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'html-validity-'));
  try {
    const pageOf = new Map<string, string>();
    const problems: string[] = [];
    const adminTitles: string[] = [];
    for (const [index, visit] of visits.entries()) {
      const response = await contexts[visit.who].get(`${site.baseUrl}${visit.path}`);
      const label = `${visit.path} (${visit.who})`;
      const landed = new URL(response.url());
      // A tap's redirect also carries its proof, signed for this moment (card-sun-tap.spec.ts).
      landed.searchParams.delete('proof');
      // A tap's source is signed (insights/signed-via.ts): the signature is another test's subject.
      const search = landed.search.replace(/(via=tap-\w+)\.[\w-]+/, '$1');
      expect(`${landed.pathname}${search}`, label).toBe(visit.lands ?? visit.path);
      expect(response.status(), label).toBe(visit.status);
      expect(response.headers()['content-type'], label).toMatch(/^text\/html/);
      const html = await response.text();
      const h1s = html.match(/<h1[\s>]/g)?.length ?? 0;
      if (h1s !== 1) problems.push(`${label}: ${h1s} <h1> elements, expected exactly 1`);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      if (visit.who === 'admin' && visit.status === 200) adminTitles.push(title);
      const file = path.join(dir, `${String(index).padStart(2, '0')}.html`);
      await writeFile(file, html);
      pageOf.set(pathToFileURL(file).href, label);
    }

    // Open admin tabs can be told apart: each admin page has a title of its own.
    expect(adminTitles.length).toBeGreaterThan(10);
    expect(new Set(adminTitles).size, adminTitles.join('\n')).toBe(adminTitles.length);

    // One JVM for every page.
    const started = Date.now();
    const { stderr, failed } = await runVnu([...pageOf.keys()].map((url) => new URL(url).pathname));
    let messages: VnuMessage[];
    try {
      messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    } catch {
      throw new Error(`The HTML checker did not answer in JSON (is Java installed?):\n${stderr}`);
    }
    test.info().annotations.push({
      type: 'vnu',
      description: `${pageOf.size} pages checked in ${Date.now() - started} ms`,
    });
    for (const message of messages) {
      const page = pageOf.get(message.url?.replace(/^file:(?!\/\/)/, 'file://') ?? '') ?? message.url;
      problems.push(
        `${page} line ${message.lastLine}:${message.firstColumn}: ${message.type}: ${message.message}` +
          (message.extract ? `\n    ${message.extract.replace(/\n/g, ' ')}` : ''),
      );
    }
    expect(problems, 'HTML errors and <h1> counts').toEqual([]);
    expect(failed, 'the checker exits with an error').toBe(false);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await contexts.visitor.dispose();
    await shopper.context.dispose();
    await owner.context.dispose();
  }
});

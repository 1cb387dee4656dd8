import { rm } from 'node:fs/promises';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { type CardOwner, seedCardOwners } from '../../server/test/card-owners.ts';
import { claimNewCard, eventsAfterStop } from './support/card-events.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';

/**
 * What a card's insights record, end to end on the built server: a tap lands on the page without `via` in
 * the address bar, and the view (of that card), a link click and a contact save are each counted once;
 * a HEAD and a crawler are not. The card page has no React: nothing here waits for hydration.
 */

const owner: CardOwner = {
  username: 'tapped-owner',
  email: 'tapped@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Tova',
  lastName: 'Tapped',
  jobTitle: 'Engineer',
  publicFields: ['job_title'],
  links: [],
};

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: ServerProcess;
let serial = '';
/** The link's own site: another origin the browser is sent on to. */
let portfolio: http.Server;
let portfolioUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portfolio = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Portfolio</title><h1>Work</h1>');
  });
  await new Promise<void>((resolve) => portfolio.listen(0, '127.0.0.2', resolve));
  portfolioUrl = `http://127.0.0.2:${(portfolio.address() as { port: number }).port}/work`;
  owner.links = [{ title: 'Portfolio', url: portfolioUrl }];
  server = await startServer({
    prepare: async (dataDir) => {
      await seedCardOwners(dataDir, [owner]);
      serial = await claimNewCard(dataDir, owner.username);
    },
  });
});

test.afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
  await rm(server.dataDir, { recursive: true, force: true });
  portfolio.close();
});

test('a tap, a link click and a contact save are counted once each; a HEAD and a bot are not', async ({
  browser,
}) => {
  const base = server.baseUrl;
  const card = (await (await fetch(`${base}/api/auth/public-profile/${owner.username}/`)).json()) as {
    links: { id: number }[];
  };
  const linkId = card.links[0]?.id;

  // Headless Chromium calls itself HeadlessChrome, which `isbot` rightly drops: this is a person's phone.
  const context = await browser.newContext({ acceptDownloads: true, userAgent: PHONE });
  const page = await context.newPage();
  const tapped = await page.goto(`${base}/c/${serial}`);
  expect(tapped?.status()).toBe(200);
  expect(tapped?.request().redirectedFrom()?.url()).toBe(`${base}/c/${serial}`);
  // The page took `via` out of its address: a link shared from here does not carry the tapped card.
  await expect(page).toHaveURL(`${base}/profile/${owner.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tova Tapped');

  const link = page.getByRole('link', { name: 'Portfolio' });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^/profile/${owner.username}/links/${linkId}\\?via=tap-${serial}\\.[\\w-]+$`),
  );
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(portfolioUrl);
  await expect(opened.getByRole('heading', { name: 'Work' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Save contact' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Tova_Tapped.vcf');
  expect(download.url()).toContain(`?via=tap-${serial}.`);
  await context.close();

  // Neither a HEAD nor a crawler is a visit.
  expect((await fetch(`${base}/profile/${owner.username}`, { method: 'HEAD' })).status).toBe(200);
  const crawler = await fetch(`${base}/profile/${owner.username}?via=qr`, {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  expect(crawler.status).toBe(200);

  const events = await eventsAfterStop(server, owner.username);
  expect(events.map(({ visitor: _, ...event }) => event)).toEqual([
    { kind: 'view', source: 'tap', cardSerial: serial, linkId: null },
    { kind: 'click', source: 'tap', cardSerial: serial, linkId },
    { kind: 'save', source: 'tap', cardSerial: serial, linkId: null },
  ]);
  // One browser: one visitor that day.
  expect(new Set(events.map((event) => event.visitor)).size).toBe(1);
});

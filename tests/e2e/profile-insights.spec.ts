import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { utcDay } from '../../common/insights.ts';
import { INSIGHTS_EMPTY, INSIGHTS_OFF, INSIGHTS_OFF_CONSEQUENCE } from '../../common/messages/insights.ts';
import { openDatabase } from '../../server/db/client.ts';
import { acquireDataDirLock } from '../../server/db/lock.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';
import { profileLinks } from '../../server/db/schema/index.ts';
import { createMediaStore } from '../../server/storage/index.ts';
import { type CardOwner, insertCardOwner } from '../../server/test/card-owners.ts';
import { addDayRows, addEvents, rollThrough } from '../../server/test/insight-rows.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, startMailedServer } from './support/mailed-server.ts';
import { runAdminCreate } from './support/server-process.ts';

const password = 'Blue-Harbour-42';
const admin = { email: 'firm@example.test', password: 'Firm-Pass-2026' };
const owner = (username: string, firstName: string): CardOwner => ({
  username,
  email: `${username}@example.test`,
  password,
  firstName,
  lastName: 'Owner',
  jobTitle: 'Engineer',
  publicFields: ['job_title'],
  links: [
    { title: 'Portfolio', url: 'https://example.test/work', icon: 'website' },
    { title: 'Calendar', url: 'https://example.test/meet' },
  ],
});
const seen = owner('rosa-seen', 'Rosa');
const quiet = owner('ivan-quiet', 'Ivan');
const switcher = owner('nina-switch', 'Nina');

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY_MS));

/** Rolled-up days (yesterday, 3 and 20 days ago) and today's single events, as the recorder would leave them. */
async function seedFigures(dataDir: string) {
  const release = acquireDataDirLock(dataDir, 'insights-e2e');
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database);
    const storage = createMediaStore(database.db);
    const db = database.db;
    const ids: number[] = [];
    for (const who of [seen, quiet, switcher]) ids.push(await insertCardOwner(db, storage, who));
    const [seenId, , switcherId] = ids as [number, number, number];
    const links = await db.select({ id: profileLinks.id, title: profileLinks.title }).from(profileLinks);
    const portfolio = links.find((link) => link.title === 'Portfolio')?.id ?? 0;
    await rollThrough(db, daysAgo(1));
    for (const ownerId of [seenId, switcherId]) {
      await addDayRows(db, [
        { ownerId, day: daysAgo(20), kind: 'view', source: '*', events: 6, visitors: 6 },
        { ownerId, day: daysAgo(20), kind: 'view', source: 'link', events: 6, visitors: 6 },
        { ownerId, day: daysAgo(3), kind: 'view', source: '*', events: 5, visitors: 5 },
        { ownerId, day: daysAgo(3), kind: 'view', source: 'link', events: 5, visitors: 5 },
        { ownerId, day: daysAgo(1), kind: 'view', source: '*', events: 12, visitors: 10 },
        { ownerId, day: daysAgo(1), kind: 'view', source: 'tap', events: 8, visitors: 7 },
        { ownerId, day: daysAgo(1), kind: 'view', source: 'qr', events: 4, visitors: 3 },
        { ownerId, day: daysAgo(1), kind: 'save', source: '*', events: 3, visitors: 3 },
        { ownerId, day: daysAgo(1), kind: 'save', source: 'tap', events: 3, visitors: 3 },
        { ownerId, day: daysAgo(1), kind: 'click', source: '*', events: 2, visitors: 2 },
        { ownerId, day: daysAgo(1), kind: 'click', source: 'tap', linkId: portfolio, events: 2, visitors: 2 },
        { ownerId, day: daysAgo(1), kind: 'exchange', source: '*', events: 1, visitors: 1 },
        { ownerId, day: daysAgo(1), kind: 'exchange', source: 'tap', events: 1, visitors: 1 },
      ]);
      const now = new Date().toISOString();
      await addEvents(db, [
        { ownerId, kind: 'view', source: 'link', visitor: 'a', at: now },
        { ownerId, kind: 'view', source: 'link', visitor: 'b', at: now },
        { ownerId, kind: 'save', source: 'link', visitor: 'a', at: now },
        { ownerId, kind: 'click', source: 'link', linkId: 999_999, visitor: 'b', at: now },
      ]);
    }
  } finally {
    await database.close();
    release();
  }
  const made = await runAdminCreate(dataDir, ['--email', admin.email, '--password', admin.password]);
  if (made.code !== 0) throw new Error(made.stderr);
}

let site: MailedServer;
test.beforeAll(async () => {
  site = await startMailedServer({}, seedFigures);
});
test.afterAll(async () => {
  await site?.close();
});

async function signIn(page: Page, who: { email: string; password: string }, next: string) {
  const login = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email: who.email, password: who.password },
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${site.baseUrl}${next}`);
  await hydrated(page);
}

const insightsOf = (page: Page) => page.getByRole('region', { name: 'Insights' });
const total = (page: Page, label: string) =>
  insightsOf(page).locator('.insights-totals > div').filter({ hasText: label }).locator('dd');

async function noHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join('; ')}`,
  );
}

for (const width of [320, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });

    test('an owner reads their figures, switches the period and finds the chart’s numbers in its table', async ({
      page,
    }, testInfo) => {
      await signIn(page, seen, '/profile');
      const section = insightsOf(page);
      await expect(section).toHaveAttribute('id', 'insights');
      // 30 days at first: 6 + 5 + 12 + 2 views.
      await expect(section.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(total(page, 'Views')).toHaveText('25');
      await expect(total(page, 'Visitors')).toHaveText('23');
      await expect(section).toContainText('counted per day');

      await section.getByRole('button', { name: '7 days' }).click();
      await expect(section.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(section.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
      await expect(total(page, 'Views')).toHaveText('19');
      await expect(total(page, 'Contact saves')).toHaveText('4');
      await expect(total(page, 'Link clicks')).toHaveText('3');
      await expect(total(page, 'Exchanges')).toHaveText('1');
      await expect(section.getByRole('status')).toHaveText('Showing the last 7 days.');

      const chart = section.getByRole('img', { name: /^Views per day/ });
      const label = (await chart.getAttribute('aria-label')) ?? '';
      expect(label).toContain(': 19 views, most on ');
      expect(label).toContain('(12)');
      expect(label).toContain('; 4 contact saves.');
      await section.getByText('Show as table').click();
      const table = section.getByRole('table', { name: /per day/ });
      await expect(table.getByRole('row')).toHaveCount(1 + 7 + 1);
      const totalRow = table.getByRole('row', { name: /^Total/ });
      await expect(totalRow.getByRole('cell')).toHaveText(['19', '17', '4']);
      const peakDay = /most on (.+) \(12\)/.exec(label)?.[1] ?? '';
      await expect(
        table.getByRole('row', { name: new RegExp(`^${peakDay}\\b`) }).getByRole('cell'),
      ).toHaveText(['12', '10', '3']);

      const sources = section.getByRole('region', { name: 'Views by source' }).getByRole('listitem');
      await expect(sources.filter({ hasText: 'Card tap' })).toContainText('8 views');
      await expect(sources.filter({ hasText: 'Shared link' })).toContainText('7 views');
      const links = section.getByRole('region', { name: 'Top links' });
      await expect(links.getByRole('listitem')).toHaveCount(2);
      await expect(links.getByRole('listitem').first()).toContainText('Portfolio');
      await expect(links.getByRole('listitem').last()).toContainText('A deleted link');
      // 4 saves and 1 exchange in 19 views.
      await expect(section.getByRole('region', { name: 'Conversion' })).toContainText('21.1%');
      await expect(section.getByRole('region', { name: 'Conversion' })).toContainText('5.3%');

      await noHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      // The sticky site header would cover the section's top in a picture of the section alone.
      await section.screenshot({
        path: testInfo.outputPath(`insights-data-${width}.png`),
        style: 'header { visibility: hidden; }',
      });
    });

    test('a new card shows the empty state', async ({ page }, testInfo) => {
      await signIn(page, quiet, '/profile');
      const section = insightsOf(page);
      await expect(section).toContainText(INSIGHTS_EMPTY);
      await expect(section.getByRole('switch', { name: 'Count visits to my card' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await noHorizontalOverflow(page);
      await section.screenshot({ path: testInfo.outputPath(`insights-empty-${width}.png`) });
    });
  });
}

test('the off switch asks first, deletes the figures and says insights are off', async ({
  page,
}, testInfo) => {
  await signIn(page, switcher, '/profile');
  const section = insightsOf(page);
  await expect(total(page, 'Views')).toHaveText('25');
  const toggle = section.getByRole('switch', { name: 'Count visits to my card' });
  await expect(toggle).toHaveAccessibleDescription(/^Counts visits to your card without cookies/);

  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Turn insights off?' });
  await expect(dialog).toContainText(INSIGHTS_OFF_CONSEQUENCE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(total(page, 'Views')).toHaveText('25');

  await toggle.click();
  await dialog.getByRole('button', { name: 'Turn off and delete' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Insights are off: everything recorded about visits to your card was deleted.',
  );
  await expect(section).toContainText(INSIGHTS_OFF);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const figures = await (await page.request.get(`${site.baseUrl}/api/auth/insights/?days=90`)).json();
  expect(figures).toMatchObject({ enabled: false, totals: { views: 0, saves: 0, clicks: 0, exchanges: 0 } });

  // Still off after a reload; back on, it starts from zero.
  await page.reload();
  await hydrated(page);
  await expect(section).toContainText(INSIGHTS_OFF);
  await section.screenshot({
    path: testInfo.outputPath('insights-off.png'),
    style: 'header { visibility: hidden; }',
  });
  await section.getByRole('switch', { name: 'Count visits to my card' }).click();
  await expect(section).toContainText(INSIGHTS_EMPTY);
  expect(await axeViolations(page)).toEqual([]);
});

for (const width of [390, 1280]) {
  test.describe(`the firm’s dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 1200 }, deviceScaleFactor: 1 });

    test('shows card views per day across all cards, naming no owner', async ({ page }, testInfo) => {
      await signIn(page, admin, '/admin?days=7');
      const taps = page.getByRole('figure', { name: /Card views per day: taps/ });
      // Yesterday's taps of two owners (8 each), unless the switcher turned theirs off already.
      await expect(taps).toContainText(/(16|8) in 7 days/);
      await expect(page.getByRole('figure', { name: /Card views per day: QR code and links/ })).toBeVisible();
      await expect(page.locator('main')).not.toContainText('Rosa');
      await page.screenshot({ path: testInfo.outputPath(`insights-admin-${width}.png`), fullPage: true });
    });
  });
}

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { acquireDataDirLock } from '../../server/db/lock.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';
import { serials, tapEvents } from '../../server/db/schema/index.ts';
import { generateBatch } from '../../server/modules/registry/serials/batches.ts';
import { TEST_SUN_ENV } from '../../server/test/sun-simulator.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, startMailedServer } from './support/mailed-server.ts';
import { runAdminCreate } from './support/server-process.ts';

test.describe.configure({ mode: 'serial' });

const admin = { email: 'registry-admin@example.test', password: 'Owner-Pass-2026' };
const FIRM = 'sales@localhost';
const SHOTS = process.env.SHOTS_DIR;
let site: MailedServer;
let copied: string;
let toBlock: string[];

/**
 * Before the server starts: an admin, a secure card whose counter-41 URL was replayed from elsewhere five
 * minutes ago (the server's own sweep at start flags it), and two cards to block from a CSV.
 */
async function prepare(dataDir: string): Promise<void> {
  const made = await runAdminCreate(dataDir, ['--email', admin.email, '--password', admin.password]);
  if (made.code !== 0) throw new Error(made.stderr);
  const release = acquireDataDirLock(dataDir, 'serial-flags');
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await prepareDatabase(database);
      const rows = await generateBatch(database.db, 'IC-CLS-MB', 3);
      const [card, ...others] = rows.map((row) => row.serial);
      if (!card) throw new Error('no serials');
      copied = card;
      toBlock = others;
      const [row] = await database.db
        .update(serials)
        .set({ sunKeyVersion: 2, chipUid: '04A1B2C3D4E580', sunCounter: 41 })
        .where(eq(serials.serial, card))
        .returning();
      if (!row) throw new Error('no serial');
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
      await database.db.insert(tapEvents).values([
        {
          serialId: row.id,
          kind: 'fresh',
          uid: '04A1B2C3D4E580',
          counter: 41,
          keyVersion: 2,
          client: 'c1',
          network: 'n1',
          createdAt: minutesAgo(30),
        },
        {
          serialId: row.id,
          kind: 'replayed',
          uid: '04A1B2C3D4E580',
          counter: 41,
          keyVersion: 2,
          client: 'c2',
          network: 'n2',
          createdAt: minutesAgo(5),
        },
      ]);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

test.beforeAll(async () => {
  site = await startMailedServer({ ...TEST_SUN_ENV }, prepare);
});
test.afterAll(async () => {
  await site?.close();
});

async function logIn(page: Page, next: string) {
  await page.goto(`${site.baseUrl}/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password').fill(admin.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${site.baseUrl}${next}`);
  await hydrated(page);
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the serial's page shows the flag's reason, its chip and taps, and the admin clears it", async ({
  page,
}) => {
  // The server's sweep at start raised the flag and the daily report mailed it to the firm.
  const mail = await site.smtp.waitFor(FIRM, (message) => message.subject.includes('flagged'));
  expect(mail.text).toContain(`/admin/serials/${copied}`);
  expect(mail.text).toMatch(/Replayed counter: Counter 41 replayed once, last \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

  await logIn(page, `/admin/serials/${copied}`);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Registry' }),
  ).toHaveAttribute('aria-current', 'page');
  const flags = page.getByRole('region', { name: 'Flags' });
  await expect(flags).toContainText(/Replayed counter: Counter 41 replayed once, last .* UTC\./);
  await expect(flags).toContainText('mailed to the firm');
  await expect(page.getByText('Secure (NTAG 424 DNA): each tap is verified')).toBeVisible();
  await expect(page.getByText('04A1B2C3D4E580')).toBeVisible();
  const taps = page.getByRole('region', { name: 'Latest taps' });
  await expect(taps.getByRole('row')).toHaveCount(3);
  await expect(taps).toContainText('Replayed message');
  await shots(page, 'serial-flags');

  await flags.getByRole('button', { name: 'Clear the flag Replayed counter' }).click();
  await expect(page.getByText('Flag cleared.')).toBeVisible();
  await expect(flags).toContainText('No open flag');

  // Blocking asks why.
  await page.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: /^Block / });
  await expect(dialog.getByRole('button', { name: 'Block' })).toBeDisabled();
  await dialog.getByLabel('Reason').selectOption('cloned');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Blocked because')).toBeVisible();
  await expect(page.getByText('Cloned chip suspected')).toBeVisible();
});

test('the bulk page blocks two serials from a CSV, and the registry lists them blocked with reasons', async ({
  page,
}) => {
  await logIn(page, '/admin/serials/block');
  await expect(page.getByRole('heading', { level: 1, name: 'Block serials from a CSV' })).toBeVisible();
  // Its own section in the menu, not the Registry's as well (it lives under /admin/serials).
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Bulk block' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Registry' })).not.toHaveAttribute('aria-current', 'page');
  const [first, second] = toBlock as [string, string];
  // A wrong file first: nothing is blocked, the problem is named by its line.
  await page.getByLabel(/^CSV file/).setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`serial,reason\n${first},misplaced\n`),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'line 2' })).toContainText(
    '"misplaced" is not a reason code',
  );

  await page.getByLabel(/^CSV file/).setInputFiles({
    name: 'recall.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`serial,reason,note\n${first},recalled,Batch 12\n${second},stolen,\n`),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('2 serial numbers ready to block');
  await shots(page, 'serial-blocks');
  await page.getByRole('button', { name: 'Block 2 serial numbers' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Blocked 2 serial numbers.');

  await page.getByRole('link', { name: 'See the blocked serial numbers' }).click();
  await hydrated(page);
  for (const [serial, reason] of [
    [first, 'Recalled batch'],
    [second, 'Reported stolen'],
  ] as const) {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: new RegExp(serial.slice(0, 4)) }) });
    await expect(row.filter({ hasText: reason })).toContainText('Blocked');
  }
});

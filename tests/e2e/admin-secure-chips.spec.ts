import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cardKeys } from '../../server/modules/registry/sun/card-keys.ts';
import { TEST_SUN_ENV, TEST_SUN_MASTER_KEY_V2 } from '../../server/test/sun-simulator.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, startMailedServer } from './support/mailed-server.ts';
import { runAdminCreate } from './support/server-process.ts';

test.describe.configure({ mode: 'serial' });

const admin = { email: 'owner@example.test', password: 'Owner-Pass-2026' };
const SHOTS = process.env.SHOTS_DIR;

/** A server of its own with this environment, and the admin made before it starts. */
function startWithAdmin(env: Record<string, string>): Promise<MailedServer> {
  return startMailedServer(env, async (dataDir) => {
    const made = await runAdminCreate(dataDir, ['--email', admin.email, '--password', admin.password]);
    if (made.code !== 0) throw new Error(made.stderr);
  });
}

async function logInToRegistry(page: Page, site: MailedServer) {
  await page.goto(`${site.baseUrl}/login?next=%2Fadmin%2Fserials`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password').fill(admin.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${site.baseUrl}/admin/serials`);
  await hydrated(page);
}

test.describe('with a SUN master key', () => {
  let site: MailedServer;
  test.beforeAll(async () => {
    site = await startWithAdmin(TEST_SUN_ENV);
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('an admin generates secure-chip serials: station CSV, no keys, chip state in the list', async ({
    page,
  }) => {
    await logInToRegistry(page, site);
    const secure = page.getByLabel('Secure chip (NTAG 424 DNA)');
    await expect(secure).toBeEnabled();
    await expect(page.getByText('npm run serials -- keys --serials batch.csv --keys keys.csv')).toBeVisible();
    await page.getByLabel('Card (SKU)').selectOption('IC-EXE-MG');
    await page.getByLabel('How many (1 to 10,000)').fill('3');
    await secure.check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generate and download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^secure-serials-ic-exe-mg-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(String(await download.path()), 'utf8');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toContain('tap_url_template,chip_uid,key_version');
    expect(header).not.toMatch(/key0|key1|key2/);
    expect(rows).toHaveLength(3);
    const serial = String(rows[0]?.split(',')[0]);
    for (const key of Object.values(cardKeys(Buffer.from(TEST_SUN_MASTER_KEY_V2, 'hex'), serial))) {
      expect(csv.toUpperCase()).not.toContain(key.toString('hex').toUpperCase());
    }
    await expect(page.getByText('3 secure serial numbers registered for IC-EXE-MG')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: serial.replace(/(.{4})(?=.)/g, '$1-') });
    await expect(row).toContainText('Secure · key v2');
    await expect(row).toContainText('UID not bound');

    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    if (SHOTS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/admin-serials-secure-${width}.png`, fullPage: true });
      }
    }
  });
});

test.describe('without a SUN master key', () => {
  let site: MailedServer;
  test.beforeAll(async () => {
    site = await startWithAdmin({});
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('the secure option is disabled and says how to configure a master key', async ({ page }) => {
    await logInToRegistry(page, site);
    await expect(page.getByLabel('Secure chip (NTAG 424 DNA)')).toBeDisabled();
    await expect(page.getByText('SUN_MASTER_KEY_V1; make one with openssl rand -hex 16')).toBeVisible();
    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: `${SHOTS}/admin-serials-no-key-390.png`, fullPage: true });
    }
  });
});

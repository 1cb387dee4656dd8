import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { expect, hydrated, test } from './support/fixtures.ts';
import type { MailedServer } from './support/mailed-server.ts';
import { PROFILE_CONTACTS_OWNER } from './support/residents.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

/**
 * "Contacts" on /profile: the people who shared their details from the owner's card page, seeded straight
 * into the database (the exchange form is tested on its own). Search, paging, both downloads read back
 * with parsers of their own, delete one, delete all; the section at a phone's and a desk's width.
 */

test.describe.configure({ mode: 'serial' });

const owner = PROFILE_CONTACTS_OWNER;
const total = owner.contacts?.length ?? 0;

let server: MailedServer;

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  server = asSpecClient(sharedSite, import.meta.filename);
});

async function openContacts(page: Page): Promise<Locator> {
  const login = await page.request.post(`${server.baseUrl}/api/auth/login/`, {
    data: { email: owner.email, password: owner.password },
    headers: { origin: server.baseUrl },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${server.baseUrl}/profile#contacts`);
  await hydrated(page);
  return page.getByRole('region', { name: 'Contacts' });
}

const names = (section: Locator) => section.getByRole('listitem').getByRole('heading', { level: 3 });

async function downloadedText(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

for (const viewport of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the section at ${viewport.width} px: newest first, readable, accessible, no overflow`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const section = await openContacts(page);
    await expect(section.getByRole('status')).toHaveText(`${total} contacts`);
    await expect(names(section).first()).toHaveText('Nadia Novak');
    await expect(names(section)).toHaveCount(20);
    const nadia = section.getByRole('listitem').filter({ hasText: 'Nadia Novak' });
    await expect(nadia.getByRole('link', { name: 'nadia.novak@example.test' })).toHaveAttribute(
      'href',
      'mailto:nadia.novak@example.test',
    );
    await expect(nadia.getByRole('link', { name: '+385 91 234 5678' })).toHaveAttribute(
      'href',
      'tel:+385912345678',
    );
    await expect(nadia).toContainText('Creative Director, Novak Design, d.o.o.');
    await expect(nadia).toContainText('Wants a quote for 40 cards, "matte".');
    await expect(nadia).toContainText('Tap of card ECD1-DD82-9NKP');
    await expect(nadia.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    // `/profile#contacts` from the owner's mail lands on the section, its heading below the sticky header.
    const heading = await section.getByRole('heading', { name: 'Contacts', level: 2 }).boundingBox();
    const header = await page.locator('.site-header').boundingBox();
    expect(heading?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(heading?.y).toBeLessThan(viewport.height / 2);
    await page.screenshot({ path: `/tmp/contacts-landing-${viewport.width}.png` });

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page })
      .include('#contacts')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `/tmp/contacts-section-${viewport.width}.png` });
  });
}

test('every section a link jumps to on /profile opens below the sticky header, not under it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openContacts(page);
  // A fresh load each time, as from a mail or after a tap (`/profile?claim=…#cards`).
  for (const id of ['insights', 'contacts', 'cards', 'orders']) {
    await page.goto(`${server.baseUrl}/profile?jump=${id}#${id}`);
    await hydrated(page);
    const section = page.locator(`section#${id}`);
    await expect(section).toBeInViewport();
    const heading = await section.getByRole('heading', { level: 2 }).first().boundingBox();
    const header = await page.locator('.site-header').boundingBox();
    expect(heading?.y, id).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(heading?.y, id).toBeLessThan(844 / 2);
  }
});

test('search as you type, and page through the rest', async ({ page }) => {
  const section = await openContacts(page);
  const search = section.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('novak design');
  await expect(section.getByRole('status')).toHaveText('1 contact match “novak design”.');
  await expect(names(section)).toHaveText(['Nadia Novak']);
  await search.fill('98765');
  await expect(names(section)).toHaveText(['Ravi Rao']);
  await search.fill('%');
  await expect(section.getByRole('status')).toHaveText('No contacts match “%”.');
  await expect(names(section)).toHaveCount(0);
  await search.fill('');
  await expect(section.getByRole('status')).toHaveText(`${total} contacts`);

  const pages = section.getByRole('navigation', { name: 'Contact pages' });
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(names(section)).toHaveText(['Guest 03', 'Guest 02', 'Guest 01']);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(names(section).first()).toHaveText('Nadia Novak');
});

test('Download CSV and Download .vcf hold every contact, formulas as text', async ({ page }) => {
  const section = await openContacts(page);
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows: string[][] = parse(await downloadedText(csvDownload), { bom: true });
  expect(rows).toHaveLength(total + 1);
  expect(rows[0]?.[0]).toBe('Name');
  expect(rows[1]?.slice(0, 5)).toEqual([
    'Nadia Novak',
    'nadia.novak@example.test',
    // A phone number as typed: a spreadsheet or CRM would keep a guarding apostrophe as part of it.
    '+385 91 234 5678',
    'Novak Design, d.o.o.',
    'Creative Director',
  ]);
  expect(rows[1]?.[5]).toBe('Met at the Zagreb meetup.\nWants a quote for 40 cards, "matte".');
  expect(rows.map((row) => row[0])).toContain("'=cmd|' /C calc'!A0");
  // Nothing a spreadsheet runs: a cell may start with + only as an international phone number.
  for (const row of rows) {
    for (const cell of row) {
      if (cell.startsWith('+')) expect(cell).toMatch(/^\+\d[\d ().-]*$/);
      else expect(cell).not.toMatch(/^[=\-@\t\r]/);
    }
  }

  const [vcfDownload] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download .vcf' }).click(),
  ]);
  expect(vcfDownload.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
  const parsed = ICAL.parse((await downloadedText(vcfDownload)).toString('utf8')) as unknown as unknown[];
  const cards = parsed.map((card) => new ICAL.Component(card as unknown[]));
  expect(cards).toHaveLength(total);
  expect(cards[0]?.getFirstPropertyValue('fn')).toBe('Nadia Novak');
  expect(cards.map((card) => card.getFirstPropertyValue('fn'))).toContain('Ravi Rao');
});

test('delete one, then all: asked first, and gone after a reload', async ({ page }) => {
  let section = await openContacts(page);
  await section.getByRole('button', { name: 'Delete Ravi Rao' }).click();
  const one = page.getByRole('dialog', { name: 'Delete contact' });
  await expect(one).toContainText('Ravi Rao and the details they shared are deleted for good.');
  await one.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Ravi Rao deleted.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Contacts', level: 2 })).toBeFocused();
  await expect(section.getByRole('status')).toHaveText(`${total - 1} contacts`);
  await expect(names(section)).toHaveCount(20);
  await expect(names(section).filter({ hasText: 'Ravi Rao' })).toHaveCount(0);

  await section.getByRole('button', { name: 'Delete all contacts' }).click();
  const all = page.getByRole('dialog', { name: 'Delete all contacts' });
  await expect(all).toContainText(
    `All ${total - 1} contacts and the details they shared are deleted for good, not hidden: they cannot be brought back.`,
  );
  // Cancel is the safe first choice.
  await all.getByRole('button', { name: 'Cancel' }).click();
  await expect(names(section)).toHaveCount(20);
  await section.getByRole('button', { name: 'Delete all contacts' }).click();
  await all.getByRole('button', { name: `Delete all ${total - 1} contacts` }).click();
  await expect(page.getByText(`${total - 1} contacts deleted.`)).toBeVisible();
  await expect(section).toContainText(
    'People who tap your card can share their details with you; they appear here.',
  );
  await expect(section.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);

  await page.reload();
  await hydrated(page);
  section = page.getByRole('region', { name: 'Contacts' });
  await expect(section).toContainText(
    'People who tap your card can share their details with you; they appear here.',
  );
  await section.screenshot({ path: '/tmp/contacts-empty.png' });
  const answer = await page.request.get(`${server.baseUrl}/api/auth/contacts/`);
  expect((await answer.json()).count).toBe(0);
});

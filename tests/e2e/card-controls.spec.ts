import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { MAX_LINKS } from '../../common/profile-links.ts';
import { decodeQr, parseVCard } from './support/contact-readers.ts';
import { expect, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

let site: MailedServer;
const password = 'Blue-Harbour-42';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
});

/** A new account, signed in in `page`'s context, with every contact field filled in (none of it public yet). */
async function newOwner(page: Page, name: string): Promise<{ email: string; username: string }> {
  const email = `${name.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.test`;
  await registerActiveUser(site, { firstName: name, lastName: 'Owner', email, password });
  const login = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email, password },
    headers: { origin: site.baseUrl },
  });
  expect(login.status()).toBe(200);
  const filled = await page.request.put(`${site.baseUrl}/api/auth/profile/`, {
    headers: { origin: site.baseUrl },
    multipart: { phone: '+1 202 555 0147', company: 'Navy, Inc.', job_title: 'Rear Admiral' },
  });
  expect(filled.status()).toBe(200);
  return { email, username: (await filled.json()).username };
}

/** The public card as anyone sees it through the API, and its public .vcf parsed by ical.js. */
async function publicCard(page: Page, username: string) {
  const api = await page.request.get(`${site.baseUrl}/api/auth/public-profile/${username}/`);
  const vcard = await page.request.get(`${site.baseUrl}/api/auth/public-profile/${username}/vcard/`);
  return { status: api.status(), body: await api.json(), vcard: parseVCard(await vcard.text()) };
}

/** The QR code of the contact card, decoded from a screenshot at device scale 1, as a vCard. */
async function scanQr(page: Page) {
  await page.getByRole('button', { name: 'QR' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan Contact' });
  const code: Locator = dialog.getByRole('img', { name: 'QR code of the contact card' });
  await expect(code).toBeVisible();
  const text = await decodeQr(code);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return parseVCard(text);
}

async function downloadVCard(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'VCF' }).click(),
  ]);
  return parseVCard(await readFile((await download.path()) as string, 'utf8'));
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });

    test('the switches decide what the API, the vCard and the QR code show', async ({ page }) => {
      const { username } = await newOwner(page, 'Grace');
      await page.goto(`${site.baseUrl}/profile`);
      await hydrated(page);
      const settings = page.getByRole('region', { name: 'What your card shows' });
      await expect(settings).toContainText(
        `Your card page is ${site.baseUrl}/profile/${username}; it shows your name, photo and job title until you turn more on.`,
      );
      // A new account: name, photo and job title only, everywhere.
      let card = await publicCard(page, username);
      expect(card.body).toMatchObject({ job_title: 'Rear Admiral', phone: '', company: '', email: '' });
      expect(card.vcard('tel')).toEqual([]);
      let scanned = await scanQr(page);
      expect(scanned('title')).toEqual(['Rear Admiral']);
      expect(scanned('tel')).toEqual([]);
      expect(scanned('org')).toEqual([]);

      // The owner sees everything, each field marked.
      const own = page.getByRole('article');
      await expect(own.getByText('+1 202 555 0147')).toBeVisible();
      await expect(own.locator('dd', { hasText: '+1 202 555 0147' }).getByText('Only you')).toBeVisible();

      const phone = settings.getByRole('switch', { name: 'Phone' });
      await expect(phone).not.toBeChecked();
      await phone.click();
      await expect(settings.getByRole('status')).toHaveText('Saved: your card now shows your phone.');
      await expect(phone).toBeChecked();
      await expect(own.locator('dd', { hasText: '+1 202 555 0147' }).getByText('Public')).toBeVisible();
      // Job title off, from the keyboard.
      const jobTitle = settings.getByRole('switch', { name: 'Job title' });
      await jobTitle.focus();
      await page.keyboard.press('Space');
      await expect(settings.getByRole('status')).toHaveText(
        'Saved: your job title is now hidden from others.',
      );

      card = await publicCard(page, username);
      expect(card.body).toMatchObject({ phone: '+1 202 555 0147', job_title: '', company: '' });
      expect(card.vcard('tel')).toEqual(['+1 202 555 0147']);
      expect(card.vcard('title')).toEqual([]);
      const downloaded = await downloadVCard(page);
      expect(downloaded('tel')).toEqual(['+1 202 555 0147']);
      expect(downloaded('title')).toEqual([]);
      scanned = await scanQr(page);
      expect(scanned('tel')).toEqual(['+1 202 555 0147']);
      expect(scanned('title')).toEqual([]);
      expect(scanned('fn')).toEqual(['Grace Owner']);

      // The choice is saved: a reload shows it.
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole('switch', { name: 'Phone' })).toBeChecked();
      await expect(page.getByRole('switch', { name: 'Job title' })).not.toBeChecked();
      // The accent presets are labelled radio buttons.
      await page.getByRole('radio', { name: 'Plum' }).check();
      await expect(settings.getByRole('status')).toHaveText('Saved: your cover colour is Plum.');
      expect((await publicCard(page, username)).body.accent).toBe('plum');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('links: added, reordered by keyboard (and drag), switched off, saved in that order', async ({
      page,
    }) => {
      const { username } = await newOwner(page, 'Linus');
      await page.goto(`${site.baseUrl}/profile`);
      await hydrated(page);
      const editor = page.getByRole('region', { name: 'Links' });
      const axe = async () => {
        // A toast still fading in is judged at its passing opacity (seen once as a contrast failure): with
        // reduced motion the toaster has no transitions, so axe sees the settled page.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        return violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join('; ')}`,
        );
      };
      const add = async (title: string, url: string) => {
        await editor.getByRole('button', { name: 'Add link' }).click();
        const row = editor.getByRole('listitem').last();
        const titleBox = row.getByRole('textbox', { name: 'Title', exact: true });
        await expect(titleBox).toBeFocused();
        await titleBox.fill(title);
        await row.getByRole('textbox', { name: 'Link', exact: true }).fill(url);
      };
      await add('GitHub', 'https://github.com/linus');
      await add('Book a call', 'https://cal.com/linus');
      await add('Blog', 'javascript:alert(1)');
      await editor.getByRole('button', { name: 'Save links' }).click();
      await expect(
        editor.getByText('Enter a link that starts with https://, http://, mailto: or tel:.'),
      ).toBeVisible();
      await editor
        .getByRole('listitem')
        .last()
        .getByLabel('Link', { exact: true })
        .fill('https://blog.example.test');
      // The icon follows the address when none was picked.
      await expect(editor.getByRole('listitem').first().getByRole('combobox', { name: 'Icon' })).toHaveValue(
        'github',
      );

      // Keyboard: Blog up twice, to the top; focus stays with it and the new place is announced.
      const up = editor.getByRole('button', { name: 'Move Blog up' });
      await up.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: 'Blog moved to position 2 of 3.' }),
      ).toBeAttached();
      await expect(up).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: 'Blog moved to position 1 of 3.' }),
      ).toBeAttached();
      // At the top Move up is off, so focus went to the row's Move down.
      await expect(editor.getByRole('button', { name: 'Move Blog down' })).toBeFocused();
      await expect(editor.getByRole('listitem').first()).toContainText('Blog');

      // Book a call (third) to second place: by dragging its handle with a mouse on a wide screen; on a
      // phone, where browsers do not drag page elements by touch, with its Move up button.
      if (width >= 1024) {
        await editor
          .getByRole('listitem')
          .nth(2)
          .locator('.links-editor-drag-handle')
          .dragTo(editor.getByRole('listitem').nth(1));
      } else {
        await editor.getByRole('button', { name: 'Move Book a call up' }).click();
      }
      await expect(editor.getByRole('listitem').nth(1)).toContainText('Book a call');

      // The editor with rows, an error and switches, and the settings above it, pass axe (WCAG 2.2 AA).
      expect(await axe()).toEqual([]);
      await editor.getByRole('switch', { name: /^Shown on my card\W+GitHub$/ }).uncheck();
      await editor.getByRole('button', { name: 'Save links' }).click();
      await expect(page.getByText('Links saved').first()).toBeVisible();

      const owner = await (await page.request.get(`${site.baseUrl}/api/auth/profile/`)).json();
      expect(
        owner.links.map((link: { title: string; enabled: boolean }) => [link.title, link.enabled]),
      ).toEqual([
        ['Blog', true],
        ['Book a call', true],
        ['GitHub', false],
      ]);
      const card = await publicCard(page, username);
      expect(card.body.links.map((link: { title: string }) => link.title)).toEqual(['Blog', 'Book a call']);
      expect(card.vcard('url')).toEqual(['https://blog.example.test', 'https://cal.com/linus']);

      // Delete one; the rest keep their order after a reload.
      await editor.getByRole('button', { name: 'Delete Blog' }).click();
      await editor.getByRole('button', { name: 'Save links' }).click();
      await expect(editor.getByRole('button', { name: 'Save links' })).toBeDisabled();
      await page.reload();
      await hydrated(page);
      await expect(editor.getByRole('listitem')).toHaveCount(2);
      await expect(editor.getByRole('listitem').first()).toContainText('Book a call');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test('a full list: the add button says the limit is reached', async ({ page }) => {
  await newOwner(page, 'Many');
  const links = Array.from({ length: MAX_LINKS }, (_, i) => ({
    title: `Link ${i + 1}`,
    url: `https://example.test/${i + 1}`,
    icon: null,
    enabled: true,
  }));
  const saved = await page.request.put(`${site.baseUrl}/api/auth/profile/links/`, {
    headers: { origin: site.baseUrl },
    data: { links },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  const editor = page.getByRole('region', { name: 'Links' });
  const addButton = editor.getByRole('button', { name: 'Add link' });
  await expect(addButton).toHaveAttribute('aria-disabled', 'true');
  await expect(addButton).toHaveAccessibleDescription(
    `Your card holds ${MAX_LINKS} links, the most it can: delete one to add another.`,
  );
  // Pressed anyway, it adds nothing.
  await addButton.click({ force: true });
  await expect(editor.getByRole('listitem')).toHaveCount(MAX_LINKS);
});

test('a private card answers 404 to a visitor and 200 to its owner', async ({ page, browser }) => {
  const { username } = await newOwner(page, 'Hidden');
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  const privateSwitch = page.getByRole('switch', { name: 'Private card' });
  await expect(privateSwitch).toHaveAccessibleDescription(
    /as if the card did not exist, to everyone but you/,
  );
  await privateSwitch.check();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: your card is private' })).toBeVisible();

  const visitor = await browser.newContext();
  for (const suffix of ['', 'vcard/']) {
    const answer = await visitor.request.get(`${site.baseUrl}/api/auth/public-profile/${username}/${suffix}`);
    expect(answer.status(), suffix).toBe(404);
    const mine = await page.request.get(`${site.baseUrl}/api/auth/public-profile/${username}/${suffix}`);
    expect(mine.status(), suffix).toBe(200);
    expect(mine.headers()['cache-control']).toBe('private, no-store');
  }
  await privateSwitch.uncheck();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: your card is public again.' }),
  ).toBeVisible();
  expect((await visitor.request.get(`${site.baseUrl}/api/auth/public-profile/${username}/`)).status()).toBe(
    200,
  );
  await visitor.close();
});

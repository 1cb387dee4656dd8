import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { USERNAME_CHANGE_NOTICE } from '../../common/messages/profiles.ts';
import { decodeQr, parseVCard } from './support/contact-readers.ts';
import { expect, HEAVY_WORK_MS, hydrated, test } from './support/fixtures.ts';
import { type MailedServer, registerActiveUser } from './support/mailed-server.ts';
import { asSpecClient, clientHeaders } from './support/shared-site.ts';

test.describe.configure({ mode: 'serial' });

let site: MailedServer;
const email = `grace.${Date.now()}@example.test`;
const password = 'Blue-Harbour-42';

test.use({ extraHTTPHeaders: clientHeaders(import.meta.filename) });

test.beforeAll(async ({ sharedSite }) => {
  site = asSpecClient(sharedSite, import.meta.filename);
  await registerActiveUser(site, { firstName: 'Grace', lastName: 'Hopper', email, password });
});

async function signIn(page: Page) {
  const response = await page.request.post(`${site.baseUrl}/api/auth/login/`, {
    data: { email, password },
    headers: { origin: site.baseUrl },
  });
  expect(response.status()).toBe(200);
}

test('edit the profile with a photo: preview, upload progress, saved, and links are safe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Full name').fill('Grace Brewster Hopper');
  await form.getByLabel('Phone').fill('+1 202 555 0147');
  await form.getByLabel('Company').fill('Navy, Inc.');
  await form.getByLabel('Job title').fill('Rear Admiral');
  await form.getByLabel('Bio').fill('Wrote <script>window.__xss = 1</script> COBOL;\nfound a moth.');
  await form.getByLabel('Map link (for directions)').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a link that starts with http:// or https://.').first()).toBeVisible();
  await expect(form).toBeVisible();
  // The spec's words in the toast, the reason beside its field (not repeated beneath the toast).
  const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to update profile' });
  await expect(refused).toHaveText('Failed to update profile');
  await expect(form.getByLabel('Map link (for directions)')).toHaveAccessibleDescription(
    /Enter a link that starts with http:\/\/ or https:\/\//,
  );

  await form.getByLabel('Map link (for directions)').fill('https://maps.google.com/?q=Arlington');
  // A web page dressed as a photo: refused by its content, with the reason beside the photo.
  await page.locator('#profile-photo').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'The photo must be a JPEG, PNG or WebP image.' }),
  ).toBeVisible();
  await expect(form).toBeVisible();
  const photo = await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: '#225588',
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(1_000_000);
  await page
    .locator('#profile-photo')
    .setInputFiles({ name: 'grace.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: /Photo of/ })).toHaveAttribute('src', /^blob:/);
  await expect(form.getByText('grace.jpg (preview)')).toBeVisible();

  // A slow uplink, so the upload takes seconds and its progress can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 10_000_000,
    uploadThroughput: 400_000,
  });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toContainText('Saving...');
  await expect(form.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  const percent = form.locator('.upload-percent');
  await expect(percent).toHaveText(/^\d+%$/);
  const seen = new Set<string>();
  while ((await percent.count()) > 0 && seen.size < 3) {
    const text = await percent.textContent().catch(() => null);
    if (text) seen.add(text);
    await page.waitForTimeout(100);
  }
  expect(seen.size, `progress values seen: ${[...seen].join(', ')}`).toBeGreaterThan(1);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The photo is re-encoded in the pool.
  await expect(page.getByText('Profile updated')).toBeVisible({ timeout: HEAVY_WORK_MS });
  await expect(form).toHaveCount(0);
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: 'Grace Brewster Hopper' })).toBeVisible();
  await expect(card.getByText('Rear Admiral · Navy, Inc.')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Photo of Grace Brewster Hopper' })).toHaveAttribute(
    'src',
    /^\/media\/profiles\/.+\.jpg$/,
  );
  await expect(card.getByText('<script>window.__xss = 1</script>', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // Links come from the links editor; a script link is refused there.
  const editor = page.getByRole('region', { name: 'Links' });
  for (const [title, url] of [
    ['GitHub', 'https://github.com/grace'],
    ['X (Twitter)', 'javascript:alert(1)'],
  ]) {
    await editor.getByRole('button', { name: 'Add link' }).click();
    const row = editor.getByRole('listitem').last();
    await row.getByRole('textbox', { name: 'Title', exact: true }).fill(title as string);
    await row.getByRole('textbox', { name: 'Link', exact: true }).fill(url as string);
  }
  await editor.getByRole('button', { name: 'Save links' }).click();
  await expect(
    editor.getByText('Enter a link that starts with https://, http://, mailto: or tel:.'),
  ).toBeVisible();
  await editor
    .getByRole('listitem')
    .last()
    .getByRole('textbox', { name: 'Link', exact: true })
    .fill('https://x.com/grace');
  await editor.getByRole('button', { name: 'Save links' }).click();
  await expect(page.getByText('Links saved').first()).toBeVisible();
  for (const name of ['GitHub', 'X (Twitter)']) {
    const link = card.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(card.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Get directions' })).toHaveAttribute(
    'href',
    'https://maps.google.com/?q=Arlington',
  );
  await expect(page.getByRole('link', { name: 'Welcome Grace' })).toBeVisible();
});

test('a new password: a mismatch is said first, then the current password is asked for', async ({ page }) => {
  await signIn(page);
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('New password', { exact: true }).fill('Purple-Meadow-19');
  await form.getByLabel('Confirm new password').fill('Purple-Meadow-91');
  await expect(form.getByLabel('Current password')).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  // Nothing else stood in the way: the browser's own "fill out this field" did not come first.
  expect(
    await form.getByLabel('Current password').evaluate((input: HTMLInputElement) => input.validity.valid),
  ).toBe(true);

  await form.getByLabel('Confirm new password').fill('Purple-Meadow-19');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Enter your current password to change your e-mail or password.').first(),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
});

test('add, edit and delete addresses; the modal traps focus and closes on Escape', async ({ page }) => {
  await signIn(page);
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  const book = page.getByRole('region', { name: 'Addresses' });
  await book.getByRole('button', { name: 'Add Address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await book.getByRole('button', { name: 'Add Address' }).click();
  await expect(modal).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const outside = await page.evaluate(
      () => document.activeElement !== document.body && !document.activeElement?.closest('dialog'),
    );
    expect(outside, `focus left the modal after ${i + 1} Tab presses`).toBe(false);
  }
  await modal.getByLabel('Address', { exact: true }).fill('1 Navy Yard');
  await modal.getByLabel('City').fill('Arlington');
  await modal.getByLabel('State (optional)').fill('VA');
  await modal.getByLabel('Postal code').fill('22202');
  await modal.getByLabel('Country').fill('USA');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(modal).toBeHidden();

  await book.getByRole('button', { name: 'Add Address' }).click();
  await modal.getByLabel('Address', { exact: true }).fill('99 Harbour Road');
  await modal.getByLabel('City').fill('Cork');
  await modal.getByLabel('Postal code').fill('12$45');
  await modal.getByLabel('Country').fill('Ireland');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  // Nothing typed is dropped on the way: the server says what a postal code may hold, beside the field.
  await expect(modal.getByLabel('Postal code')).toHaveValue('12$45');
  await expect(
    modal.getByText('Enter a postal code as it is written in Ireland, e.g. D02 X285.'),
  ).toBeVisible();
  await expect(modal).toBeVisible();
  await modal.getByLabel('Postal code').fill('T12 X2YZ');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(modal).toBeHidden();
  await expect(book.getByText('99 Harbour Road, Cork, T12 X2YZ, Ireland')).toBeVisible();
  // The newest address is the "latest address" shown on the card.
  await expect(page.getByRole('article').getByText('99 Harbour Road, Cork, T12 X2YZ, Ireland')).toBeVisible();

  // One inline editor at a time.
  await book.getByRole('button', { name: 'Edit 1 Navy Yard, Arlington, VA, 22202, United States' }).click();
  await book.getByRole('button', { name: 'Edit 99 Harbour Road, Cork, T12 X2YZ, Ireland' }).click();
  await expect(book.getByRole('form', { name: 'Edit address' })).toHaveCount(1);
  const editor = book.getByRole('form', { name: 'Edit address' });
  await expect(editor.getByLabel('Address', { exact: true })).toHaveValue('99 Harbour Road');
  await editor.getByLabel('City').fill('Galway');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Address updated')).toBeVisible();
  await expect(book.getByText('99 Harbour Road, Galway, T12 X2YZ, Ireland')).toBeVisible();

  await book.getByRole('button', { name: 'Edit 1 Navy Yard, Arlington, VA, 22202, United States' }).click();
  await book.getByRole('form', { name: 'Edit address' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(book.getByRole('form', { name: 'Edit address' })).toHaveCount(0);

  await book.getByRole('button', { name: 'Delete 1 Navy Yard, Arlington, VA, 22202, United States' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete address' });
  await expect(confirm.getByText('Are you sure you want to delete this address?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(book.getByText('1 Navy Yard, Arlington, VA, 22202, United States')).toBeVisible();
  await book.getByRole('button', { name: 'Delete 1 Navy Yard, Arlington, VA, 22202, United States' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(book.getByText('1 Navy Yard, Arlington, VA, 22202, United States')).toHaveCount(0);

  // Everything is saved: a reload shows the same list.
  await page.reload();
  await hydrated(page);
  await expect(book.getByRole('listitem')).toHaveCount(1);
});

test('on a phone, a postal code with letters can be typed, is kept as typed and saved in capitals', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  const book = page.getByRole('region', { name: 'Addresses' });
  await book.getByRole('button', { name: 'Add Address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  const postal = modal.getByLabel('Postal code');
  await modal.getByLabel('Address', { exact: true }).fill('10 Downing Street');
  await modal.getByLabel('City').fill('London');
  // A number pad only for a country whose codes are digits; the full keyboard for the UK.
  await modal.getByLabel('Country').fill('Germany');
  await expect(postal).toHaveAttribute('inputmode', 'numeric');
  await modal.getByLabel('Country').fill('United Kingdom');
  await expect(postal).toHaveAttribute('inputmode', 'text');
  await expect(postal).toHaveAttribute('autocomplete', 'postal-code');
  await expect(
    modal.getByText('Letters, digits, spaces or dashes, as on your mail. Saved in capitals.'),
  ).toBeVisible();
  await postal.pressSequentially('sw1a 1aa');
  await expect(postal).toHaveValue('sw1a 1aa');
  await modal.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(book.getByText('10 Downing Street, London, SW1A 1AA, United Kingdom')).toBeVisible();

  // Edited back in lower case with extra spaces: stored, and shown, the same way.
  await book
    .getByRole('button', { name: 'Edit 10 Downing Street, London, SW1A 1AA, United Kingdom' })
    .click();
  const editor = book.getByRole('form', { name: 'Edit address' });
  await expect(editor.getByLabel('Postal code')).toHaveValue('SW1A 1AA');
  await editor.getByLabel('Postal code').fill(' sw1a   2aa ');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(book.getByText('10 Downing Street, London, SW1A 2AA, United Kingdom')).toBeVisible();
  await book
    .getByRole('button', { name: 'Delete 10 Downing Street, London, SW1A 2AA, United Kingdom' })
    .click();
  await page.getByRole('dialog', { name: 'Delete address' }).getByRole('button', { name: 'Delete' }).click();
  await expect(book.getByText('10 Downing Street')).toHaveCount(0);
});

test('download the own vCard with the photo; the QR code decodes to the card; neither carries the address', async ({
  page,
}) => {
  await signIn(page);
  // A new account shows only its name, photo and job title: the owner turns on the rest (not the e-mail).
  const shown = await page.request.patch(`${site.baseUrl}/api/auth/profile/card/`, {
    headers: { origin: site.baseUrl },
    data: { public_fields: ['phone', 'company', 'job_title', 'location', 'bio'] },
  });
  expect(shown.status()).toBe(200);
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'VCF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Grace_Brewster_Hopper.vcf');
  const text = await readFile((await download.path()) as string, 'utf8');
  const values = parseVCard(text);
  expect(values('fn')).toEqual(['Grace Brewster Hopper']);
  expect(values('n')).toEqual([['Brewster Hopper', 'Grace', '', '', '']]);
  expect(values('tel')).toEqual(['+1 202 555 0147']);
  // The file is handed to others: the e-mail stays off until the owner chooses to show it.
  expect(values('email')).toEqual([]);
  expect(values('org')).toEqual(['Navy, Inc.']);
  // The address is marked "Only you" on the card: what is handed out leaves it out.
  expect(values('adr')).toEqual([]);
  expect(values('note')[0]).toContain('<script>');
  const photo = Buffer.from(String(values('photo')[0]), 'base64');
  expect((await sharp(photo).metadata()).format).toBe('jpeg');

  // A full card: every link and a long bio, as a real owner's card would be.
  const own = await (await page.request.get(`${site.baseUrl}/api/auth/profile/`)).json();
  const links = await page.request.put(`${site.baseUrl}/api/auth/profile/links/`, {
    headers: { origin: site.baseUrl },
    data: {
      links: [
        ...own.links,
        ['Facebook', 'https://www.facebook.com/grace.brewster.hopper.official', 'facebook'],
        ['Instagram', 'https://www.instagram.com/grace.brewster.hopper', 'instagram'],
        ['YouTube', 'https://www.youtube.com/@grace-brewster-hopper-talks', 'youtube'],
        ['LinkedIn', 'https://www.linkedin.com/in/grace-brewster-hopper-navy', 'linkedin'],
      ].map((link) =>
        Array.isArray(link) ? { title: link[0], url: link[1], icon: link[2], enabled: true } : link,
      ),
    },
  });
  expect(links.status()).toBe(200);
  const filled = await page.request.put(`${site.baseUrl}/api/auth/profile/`, {
    headers: { origin: site.baseUrl },
    multipart: { bio: 'Pioneer of machine-independent programming languages. '.repeat(15) },
  });
  expect(filled.status()).toBe(200);
  await page.reload();
  await hydrated(page);
  await page.getByRole('button', { name: 'QR' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan Contact' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const code = dialog.getByRole('img', { name: 'QR code of the contact card' });
  await expect(code).toBeVisible();
  const decoded = await decodeQr(code);
  expect(decoded, 'the QR code could not be decoded').toBeDefined();
  const scanned = parseVCard(decoded as string);
  expect(scanned('fn')).toEqual(['Grace Brewster Hopper']);
  expect(scanned('email')).toEqual([]);
  expect(scanned('adr')).toEqual([]);
  expect(scanned('photo')).toEqual([]);
  // The links travel as the card's permanent address, which opens them all whatever the username becomes.
  expect(scanned('url')).toEqual([`${site.baseUrl}${own.card_path}`]);
  // Whole-pixel modules of at least 3 CSS pixels: sharp edges for a camera.
  const side = await code.evaluate((svg) => (svg as SVGSVGElement).viewBox.baseVal.width);
  const box = await code.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(side * 3);
  expect((box?.width ?? 0) % side).toBe(0);

  await dialog.getByLabel('Profile link').check();
  const linkCode = dialog.getByRole('img', { name: `QR code of ${site.baseUrl}${own.card_path}` });
  await expect(linkCode).toBeVisible();
  // The code says it was scanned (a QR visit in the owner's insights); the caption stays the plain link.
  // Its source is signed by the server for this card: a typed-in `?via=qr` counts as a plain link.
  expect(await decodeQr(linkCode)).toMatch(
    new RegExp(`^${site.baseUrl}${own.card_path}\\?via=qr\\.[\\w-]{12}$`),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the public profile works signed out, previews well, and saves the contact', async ({ browser }) => {
  const username = 'grace-hopper';
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`${site.baseUrl}/profile/${username}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Brewster Hopper' })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Grace Brewster Hopper');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    'Rear Admiral at Navy, Inc.',
  );
  // The server-drawn picture of the card (name, title, photo), not the bare photo.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${site.baseUrl}/api/auth/public-profile/${username}/card.png`,
  );
  // Addresses are private, and so is the login e-mail until the owner shows it.
  await expect(page.getByText('Galway')).toHaveCount(0);
  expect(await page.content()).not.toContain(email);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Save contact' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Grace_Brewster_Hopper.vcf');
  const values = parseVCard(await readFile((await download.path()) as string, 'utf8'));
  expect(values('fn')).toEqual(['Grace Brewster Hopper']);
  expect(values('adr')).toEqual([]);
  expect(values('email')).toEqual([]);
  expect(values('photo')).toHaveLength(1);

  const missing = await page.goto(`${site.baseUrl}/profile/nobody-by-this-name`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await expect(page).toHaveTitle('User not found | Nexa Digital');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Get your own intro card' })).toHaveAttribute('href', '/d');
  await context.close();
});

test('the e-mail shows on the public card, its file and the QR code only while its switch is on', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const username = (await (await page.request.get(`${site.baseUrl}/api/auth/profile/`)).json()).username;
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  const publicCard = async () => {
    await publicPage.goto(`${site.baseUrl}/profile/${username}`);
    const [download] = await Promise.all([
      publicPage.waitForEvent('download'),
      publicPage.getByRole('link', { name: 'Save contact' }).click(),
    ]);
    return {
      // The card page's one-tap action: "E-mail", to the address.
      link: publicPage.getByRole('link', { name: 'E-mail', exact: true }),
      vcardEmails: parseVCard(await readFile((await download.path()) as string, 'utf8'))('email'),
    };
  };
  const setShown = async (shown: boolean) => {
    await page.goto(`${site.baseUrl}/profile`);
    await hydrated(page);
    const settings = page.getByRole('region', { name: 'What your card shows' });
    const emailSwitch = settings.getByRole('switch', { name: 'E-mail' });
    await expect(emailSwitch).toBeChecked({ checked: !shown });
    await emailSwitch.setChecked(shown);
    await expect(settings.getByRole('status')).toContainText('Saved:');
  };

  await setShown(true);
  const shown = await publicCard();
  await expect(shown.link).toHaveAttribute('href', `mailto:${email}`);
  expect(shown.vcardEmails).toEqual([email]);
  await page.getByRole('button', { name: 'QR' }).click();
  const code = page.getByRole('dialog', { name: 'Scan Contact' }).getByRole('img', {
    name: 'QR code of the contact card',
  });
  await expect(code).toBeVisible();
  expect(parseVCard((await decodeQr(code)) as string)('email')).toEqual([email]);

  // Switched off, the e-mail leaves the card again.
  await setShown(false);
  const hidden = await publicCard();
  await expect(hidden.link).toHaveCount(0);
  expect(hidden.vcardEmails).toEqual([]);
  await visitor.close();
});

test('a rename warns first that what was printed or shared keeps working, and the old address leads on', async ({
  page,
}) => {
  await signIn(page);
  const before = (await (await page.request.get(`${site.baseUrl}/api/auth/profile/`)).json()) as {
    username: string;
    card_path: string;
    first_name: string;
    last_name: string;
  };
  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  const warning = form.getByRole('status').filter({ hasText: 'Your old username stays yours' });
  await expect(warning).toHaveCount(0);
  await form.getByLabel('Username').fill(`${before.username}-navy`);
  await expect(warning).toHaveText(USERNAME_CHANGE_NOTICE);
  await form.getByLabel('Username').fill(before.username);
  await expect(warning).toHaveCount(0);
  await form.getByLabel('Username').fill(`${before.username}-navy`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  // The old page address and the printed one both open the card under its new name.
  for (const address of [`/profile/${before.username}`, before.card_path]) {
    await page.goto(`${site.baseUrl}${address}`);
    await expect(page).toHaveURL(`${site.baseUrl}/profile/${before.username}-navy`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${before.first_name} ${before.last_name}` }),
    ).toBeVisible();
  }
});

test("a social link set through the spec's field shows in the links editor and on the card, and empty removes it", async ({
  page,
}) => {
  await signIn(page);
  const put = (fields: Record<string, string>) =>
    page.request.put(`${site.baseUrl}/api/auth/profile/`, {
      multipart: fields,
      headers: { origin: site.baseUrl },
    });
  const set = await put({ github: 'https://github.com/grace-hopper' });
  expect(set.status()).toBe(200);
  const { username, github } = await set.json();
  expect(github).toBe('https://github.com/grace-hopper');

  await page.goto(`${site.baseUrl}/profile`);
  await hydrated(page);
  const row = page.getByRole('region', { name: 'Links' }).getByRole('listitem', { name: /GitHub/ });
  await expect(row.getByLabel('Title')).toHaveValue('GitHub');
  await expect(row.getByLabel('Link')).toHaveValue('https://github.com/grace-hopper');
  await page.goto(`${site.baseUrl}/profile/${username}`);
  await expect(page.getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', /./);

  const removed = await put({ github: '' });
  expect((await removed.json()).github).toBe('');
  await page.goto(`${site.baseUrl}/profile/${username}`);
  await expect(page.getByRole('link', { name: /GitHub/ })).toHaveCount(0);
});

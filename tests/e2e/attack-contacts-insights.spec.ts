import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { type CardOwner, seedCardOwners } from '../../server/test/card-owners.ts';
import { claimNewCard } from './support/card-events.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';

/**
 * Issue 17 on the built server, as an attacker and a privacy reviewer send it with plain HTTP: a card page's
 * visitor gets no cookie from anything the card leads to, and what one visitor sends never changes the page
 * another is served from the cache.
 */

const owner: CardOwner = {
  username: 'vera-visited',
  email: 'vera@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Vera',
  lastName: 'Visited',
  jobTitle: 'Engineer',
  publicFields: ['job_title'],
  links: [{ title: 'Portfolio', url: 'https://example.com/work' }],
};
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: ServerProcess;
let serial = '';
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({
    // Visitors from addresses of their own (X-Forwarded-For): one client gets only a share of the card's
    // hour of shares (decision 040), and this file shares more than that.
    env: () => ({ TRUST_PROXY: '127.0.0.1' }),
    prepare: async (dataDir) => {
      await seedCardOwners(dataDir, [owner]);
      serial = await claimNewCard(dataDir, owner.username);
    },
  });
});
test.afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(server.dataDir, { recursive: true, force: true });
});

let visitor = 0;
const visit = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    ...init,
    headers: {
      'user-agent': PHONE,
      'x-forwarded-for': `203.${++visitor % 250}.0.1`,
      ...(init.headers as Record<string, string>),
    },
  });
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
/** The page without its per-response nonce, to compare two answers. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

test('a visitor gets no cookie from the tap, the page, the form, a link or the contact file', async () => {
  const card = (await (await visit(`/api/auth/public-profile/${owner.username}/`)).json()) as {
    links: { id: number }[];
  };
  const answers = {
    tap: await visit(`/c/${serial}`),
    page: await visit(`/profile/${owner.username}?via=tap-${serial}`),
    qr: await visit(`/profile/${owner.username}?via=qr`),
    shared: await visit(
      `/profile/${owner.username}?via=qr`,
      form({ name: 'Pia Visitor', email: 'pia@example.test', consent: 'on' }),
    ),
    refused: await visit(`/profile/${owner.username}`, form({ name: '', consent: 'on' })),
    link: await visit(`/profile/${owner.username}/links/${card.links[0]?.id}?via=qr`),
    vcard: await visit(`/api/auth/public-profile/${owner.username}/vcard/?via=qr`),
  };
  for (const [name, answer] of Object.entries(answers)) {
    expect(answer.status, name).toBeLessThan(400);
    expect(answer.headers.getSetCookie(), name).toEqual([]);
  }
  expect(await answers.shared.text()).toContain('Thank you! Vera has your details.');
});

test('no visitor’s request changes the page the next visitor is served', async () => {
  const plain = withoutNonce(await (await visit(`/profile/${owner.username}`)).text());
  // A thank-you, a refusal with what was typed, a source, junk and a forged session: none of it is cached.
  await visit(
    `/profile/${owner.username}`,
    form({ name: 'Cached <b>Mallory</b>', email: 'm@example.test', consent: 'on' }),
  );
  await visit(`/profile/${owner.username}`, form({ name: 'Typed Mallory', consent: 'on' }));
  const odd = [
    `/profile/${owner.username}?via=tap-${serial}`,
    `/profile/${owner.username}?via=qr&via=tap-ABCDEFGHJKMN`,
    `/profile/${owner.username}?via=${'x'.repeat(4000)}`,
    `/profile/${owner.username}?via=%3Cscript%3E`,
  ];
  for (const path of odd) {
    const answer = await visit(path);
    expect(answer.status, path).toBe(200);
    const html = withoutNonce(await answer.text());
    expect(html, path).not.toMatch(/Mallory|Thank you|<script>alert/);
  }
  const forged = await visit(`/profile/${owner.username}`, {
    headers: { cookie: `sid=${'A'.repeat(43)}; signed_in=1` },
  });
  expect(forged.status).toBe(200);
  expect(withoutNonce(await (await visit(`/profile/${owner.username}`)).text())).toBe(plain);
});

test('a link with a long or odd via still lets a visitor share their details', async () => {
  for (const via of ['x'.repeat(41), `tap-${'Z'.repeat(60)}`]) {
    const answer = await visit(
      `/profile/${owner.username}?via=${via}`,
      form({ name: 'Lena Longlink', email: `lena-${via.length}@example.test`, consent: 'on' }),
    );
    expect(answer.status, via).toBe(200);
    expect(await answer.text(), via).toContain('Thank you! Vera has your details.');
  }
});

test('another site cannot post the exchange form in a visitor’s name', async () => {
  const fields = { name: 'Forged Visitor', email: 'forged@example.test', consent: 'on' };
  const forged: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
  ];
  for (const headers of forged) {
    const init = form(fields);
    const answer = await visit(`/profile/${owner.username}`, {
      ...init,
      headers: { ...init.headers, ...headers },
    });
    expect(answer.status, JSON.stringify(headers)).toBe(403);
    expect(await answer.text()).not.toContain('Thank you');
  }
});

test('the exchange form works from the keyboard alone, and skips the honeypot', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: PHONE, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/profile/${owner.username}`);
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      return active?.id || active?.tagName.toLowerCase() || '';
    });
  for (let presses = 0; presses < 15 && (await focused()) !== 'summary'; presses++)
    await page.keyboard.press('Tab');
  expect(await focused()).toBe('summary');
  await page.keyboard.press('Enter');
  const order: string[] = [];
  for (let presses = 0; presses < 8; presses++) {
    await page.keyboard.press('Tab');
    order.push(await focused());
  }
  expect(order).toEqual([
    'exchange-name',
    'exchange-email',
    'exchange-phone',
    'exchange-company',
    'exchange-job_title',
    'exchange-note',
    'exchange-consent',
    'button',
  ]);
  await page.locator('#exchange-name').focus();
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kim@example.test');
  await page.locator('#exchange-consent').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you! Vera has your details.' }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/attack-exchange-keyboard-390.png', fullPage: true });
  await context.close();
});

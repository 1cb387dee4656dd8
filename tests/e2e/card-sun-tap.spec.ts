import { mkdir } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { TAP_PROOF_MESSAGES } from '../../common/messages/tap-proof.ts';
import { clientIdOf } from '../../server/http/client-id.ts';
import { signTapProof } from '../../server/modules/registry/sun/tap-proof-token.ts';
import { DEMO_CARD_OWNERS } from '../../server/test/card-owners.ts';
import {
  simulatedChip,
  simulatedTapUrl,
  TEST_SUN_ENV,
  TEST_SUN_MASTER_KEY_V1,
} from '../../server/test/sun-simulator.ts';
import { seedTapCards, type TapCards } from '../../server/test/tap-cards.ts';
import { expect, test } from './support/fixtures.ts';
import { type ServerProcess, startServer, stopServer } from './support/server-process.ts';

/**
 * A tap of a secure card (issue 18, point 4) in a real browser on the built server: a chip's fresh message
 * opens its owner's card with the "Verified card" badge; the same link again, a forged one, a crafted or
 * expired proof show no badge (and, for a link, a calm line); a card without a secure chip is marked.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots-tap';
const SECRET = 'e2e-card-sun-tap-session-secret-0123456789';
const owner = DEMO_CARD_OWNERS[0] ?? (undefined as never);

let server: ServerProcess;
let cards: TapCards;
let counter = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({
    env: (baseUrl) => ({ ...TEST_SUN_ENV, PUBLIC_URL: baseUrl, SESSION_SECRET: SECRET }),
    prepare: async (dataDir) => {
      cards = await seedTapCards(dataDir, owner);
    },
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

const badge = TAP_PROOF_MESSAGES.verifiedBadge;

test('a chip keyed from another master-key version than its card is not proven', async ({ page }) => {
  // The right serial and UID, a counter never seen, but keys from version 1 while the card holds version 2.
  const otherVersion = simulatedChip(cards.secure.serial, TEST_SUN_MASTER_KEY_V1, cards.secure.uid);
  await page.goto(simulatedTapUrl(server.baseUrl, otherVersion, ++counter));
  await expect(page.getByText(TAP_PROOF_MESSAGES.unverified)).toBeVisible();
  await expect(page.getByText(badge, { exact: true })).toHaveCount(0);
  // The genuine chip's next read is still fresh: the forged one did not move the counter.
  await page.goto(simulatedTapUrl(server.baseUrl, cards.secure, counter));
  await expect(page.getByText(badge, { exact: true })).toBeVisible();
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a fresh tap shows the badge once; the same link again explains itself calmly', async ({ page }) => {
      const tapUrl = simulatedTapUrl(server.baseUrl, cards.secure, ++counter);
      await page.goto(tapUrl);
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
      await expect(page.getByText(TAP_PROOF_MESSAGES.verifiedDetail)).toBeVisible();
      // The proof and the source leave the address bar: a shared or reloaded page shows no badge.
      expect(new URL(page.url()).pathname).toBe(`/profile/${owner.username}`);
      expect(new URL(page.url()).search).toBe('');
      await page.screenshot({ path: `${SHOTS}/verified-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(badge)).toHaveCount(0);

      await page.goto(tapUrl);
      await expect(page.getByText(TAP_PROOF_MESSAGES.replayed)).toBeVisible();
      await expect(page.getByText(badge)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/replayed-${width}.png`, fullPage: true });
    });

    test('a forged message, a crafted or an expired proof show no badge', async ({ page }) => {
      const forged = new URL(simulatedTapUrl(server.baseUrl, cards.secure, ++counter));
      const mac = forged.searchParams.get('c') ?? '';
      forged.searchParams.set('c', `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`);
      await page.goto(forged.href);
      await expect(page.getByText(TAP_PROOF_MESSAGES.unverified)).toBeVisible();
      await expect(page.getByText(badge)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/unverified-${width}.png`, fullPage: true });

      const now = Math.floor(Date.now() / 1000);
      const subject = {
        username: owner.username,
        serial: cards.secure.serial,
        client: clientIdOf(SECRET, { ip: '127.0.0.1' } as FastifyRequest),
      };
      const page_ = `${server.baseUrl}/profile/${owner.username}?via=tap-${cards.secure.serial}&proof=`;
      const crafted = [
        'v',
        `v.${cards.secure.serial}.${now.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`,
        signTapProof('another-secret-another-secret-0123456789', 'verified', subject, now),
        // Genuine once, two minutes and more ago.
        signTapProof(SECRET, 'verified', subject, now - 180),
      ];
      for (const proof of crafted) {
        const response = await page.goto(page_ + encodeURIComponent(proof));
        expect(response?.status()).toBe(200);
        expect(response?.headers()['cache-control']).toContain('no-store');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText(badge)).toHaveCount(0);
      }
      // The real signature shows (the test signs as the server would): the refusals above are the proof's own.
      await page.goto(page_ + encodeURIComponent(signTapProof(SECRET, 'verified', subject)));
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
      // And the page everyone gets was not touched by any of it.
      await page.goto(`${server.baseUrl}/profile/${owner.username}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.tap-proof')).toHaveCount(0);
    });

    test('a card without a secure chip alarms no visitor, and tells its owner alone; an unclaimed secure card shows its proof on the claim page', async ({
      page,
    }) => {
      await page.goto(`${server.baseUrl}/c/${cards.staticSerial}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${owner.firstName} ${owner.lastName}`,
      );
      // Nothing a visitor reads speaks of verification (the owner's note is in the HTML, hidden).
      await expect(page.locator('body')).not.toContainText(/verified/, { useInnerText: true });
      await expect(page.getByText(TAP_PROOF_MESSAGES.staticForOwner)).toBeHidden();
      await expect(page.getByText(badge)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/static-${width}.png`, fullPage: true });

      // Its owner, signed in, is told in plain words what such a visit proves.
      const login = await page.context().request.post(`${server.baseUrl}/api/auth/login/`, {
        data: { email: owner.email, password: owner.password },
        headers: { origin: server.baseUrl },
      });
      expect(login.status()).toBe(200);
      await page.goto(`${server.baseUrl}/c/${cards.staticSerial}`);
      await expect(page.getByText('Only you see this bar')).toBeVisible();
      await expect(page.getByText(TAP_PROOF_MESSAGES.staticForOwner)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/static-owner-${width}.png`, fullPage: true });
      await page.context().clearCookies();

      await page.goto(simulatedTapUrl(server.baseUrl, cards.unclaimed, width));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This intro card is ready to set up');
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/claim-${width}.png`, fullPage: true });
    });
  });
}

import { and, desc, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTap } from '../../../../app/lib/registry.server.ts';
import type { TapProofView } from '../../../../common/messages/tap-proof.ts';
import { TAP_PROOF_PARAM } from '../../../../common/tap-proof.ts';
import { sessionSecretOf } from '../../../config.ts';
import { serialFlags, serials, tapEvents } from '../../../db/schema/index.ts';
import {
  type SimulatedChip,
  simulatedChip,
  simulatedTapUrl,
  TEST_SUN_ENV,
  TEST_SUN_MASTER_KEY_V1,
} from '../../../test/sun-simulator.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser } from '../../../test/users.ts';
import { createSessions } from '../../accounts/sessions.ts';
import { sweepAnomalies } from '../anomalies/sweep.ts';
import { generateBatch } from '../serials/batches.ts';
import { cardTaps } from './tap-card.ts';
import { readTapProof, signTapProof } from './tap-proof-token.ts';

let t: TestApp;
const warnings: string[] = [];
beforeAll(async () => {
  t = await createTestApp(TEST_SUN_ENV);
});
afterAll(async () => {
  await t?.close();
});

const secret = () => sessionSecretOf(t.config);

/** What a page loader is given for a request from this client (and this cookie, if any). */
function pageContext(app: TestApp, client: string, cookie?: string): AppLoadContext {
  const sessions = createSessions(app.database.db, secret());
  const sessionToken = cookie?.replace(/^sid=/, '');
  return {
    db: app.database.db,
    publicUrl: app.config.publicUrl,
    sessions,
    sessionToken,
    taps: cardTaps(
      {
        db: app.database.db,
        keys: app.config.sunMasterKeys,
        warn: (message) => warnings.push(message),
        secret: sessionSecretOf(app.config),
        later: (task) => task(),
        sessions,
      },
      { client, network: `net-${client}`, sessionToken },
    ),
  } as AppLoadContext;
}

interface Tapped {
  /** The card page's path, for a claimed card. */
  redirect?: string;
  /** What the card page (or the claim page) shows about the tap. */
  view?: TapProofView | undefined;
  status?: number;
}

/** Opens a card link as a phone would, and reads what the page it leads to shows. */
async function open(url: string, options: { client?: string; cookie?: string; app?: TestApp } = {}) {
  const { client = 'phone-1', cookie, app = t } = options;
  const parsed = new URL(url);
  const serial = parsed.pathname.split('/').at(-1);
  const context = pageContext(app, client, cookie);
  try {
    const page = (await loadTap(context, serial, parsed.searchParams)) as { proof?: TapProofView };
    return { view: page.proof } satisfies Tapped;
  } catch (thrown) {
    if (thrown instanceof Response) {
      const location = new URL(thrown.headers.get('location') ?? '', 'http://shop.test');
      const username = location.pathname.split('/').at(-1) ?? '';
      const token = location.searchParams.get(TAP_PROOF_PARAM) ?? '';
      return { redirect: location.pathname, view: context.taps.readProof(token, username) } satisfies Tapped;
    }
    return { status: (thrown as { init?: { status?: number } }).init?.status } satisfies Tapped;
  }
}

/** A fresh serial, made a secure card (as the import does) for this chip's UID under `version`. */
async function secureCard(
  options: { version?: number; next?: number | null; masterKey?: string; uid?: string } = {},
): Promise<{ serial: string; chip: SimulatedChip }> {
  const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
  const serial = row?.serial as string;
  const chip = simulatedChip(serial, options.masterKey, options.uid);
  await t.database.db
    .update(serials)
    .set({ chipUid: chip.uid, sunKeyVersion: options.version ?? 2, sunNextKeyVersion: options.next ?? null })
    .where(eq(serials.serial, serial));
  return { serial, chip };
}

/** The card made the owner's, as a claim with a verified tap does (attack-secure-cards.test.ts tests that). */
async function claim(serial: string, owner: { id: number }) {
  await t.database.db
    .update(serials)
    .set({ claimedBy: owner.id, claimedAt: new Date() })
    .where(eq(serials.serial, serial));
}

const rowOf = async (serial: string) =>
  (await t.database.db.select().from(serials).where(eq(serials.serial, serial)))[0];

const eventsOf = async (serial: string) => {
  const row = await rowOf(serial);
  return t.database.db
    .select()
    .from(tapEvents)
    .where(eq(tapEvents.serialId, row?.id ?? 0))
    .orderBy(desc(tapEvents.id));
};

const base = 'http://shop.test';

describe('a tap of a secure card', () => {
  it('is verified once: the same link again is a replay, and an older counter too', async () => {
    const owner = await signedInUser(t);
    const { serial, chip } = await secureCard();
    await claim(serial, owner);
    const url = simulatedTapUrl(base, chip, 7);

    expect(await open(url)).toEqual({ redirect: `/profile/${owner.username}`, view: 'verified' });
    const [fresh] = await eventsOf(serial);
    expect(fresh).toMatchObject({
      kind: 'fresh',
      uid: chip.uid,
      counter: 7,
      keyVersion: 2,
      client: 'phone-1',
      network: 'net-phone-1',
    });
    expect(await rowOf(serial)).toMatchObject({ sunCounter: 7, verificationCount: 1 });

    expect(await open(url)).toEqual({ redirect: `/profile/${owner.username}`, view: 'replayed' });
    expect(await open(simulatedTapUrl(base, chip, 5), { client: 'phone-2' })).toMatchObject({
      view: 'replayed',
    });
    expect((await eventsOf(serial)).map((event) => event.kind)).toEqual(['replayed', 'replayed', 'fresh']);
    // Replays count nothing; the next genuine tap (another client) counts again.
    expect(await open(simulatedTapUrl(base, chip, 8), { client: 'phone-2' })).toMatchObject({
      view: 'verified',
    });
    expect(await rowOf(serial)).toMatchObject({ sunCounter: 8, verificationCount: 2 });
  });

  it('counts one network once, and never its owner’s own taps', async () => {
    const owner = await signedInUser(t);
    const { serial, chip } = await secureCard();
    await claim(serial, owner);
    expect(
      await open(simulatedTapUrl(base, chip, 1), { cookie: owner.cookie, client: 'owner' }),
    ).toMatchObject({
      view: 'verified',
    });
    expect((await rowOf(serial))?.verificationCount).toBe(0);
    await open(simulatedTapUrl(base, chip, 2), { client: 'friend' });
    await open(simulatedTapUrl(base, chip, 3), { client: 'friend' });
    expect((await rowOf(serial))?.verificationCount).toBe(1);
  });

  it('is not proven by a forged MAC, a chip keyed from another version, another UID or a malformed message', async () => {
    const { serial, chip } = await secureCard();
    const good = new URL(simulatedTapUrl(base, chip, 3));
    const mac = good.searchParams.get('c') ?? '';
    good.searchParams.set('c', `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`);
    expect(await open(good.href)).toEqual({ view: 'unverified' });

    // The card says version 2; the chip's keys came from version 1's master key.
    const oldKeys = simulatedChip(serial, TEST_SUN_MASTER_KEY_V1, chip.uid);
    expect(await open(simulatedTapUrl(base, oldKeys, 4))).toEqual({ view: 'unverified' });

    // Keys copied onto a blank tag: another UID.
    const clone = { ...chip, uid: '04AABBCCDDEEFF' };
    expect(await open(simulatedTapUrl(base, clone, 5))).toEqual({ view: 'unverified' });

    // Another UID under a MAC that does not hold: what a message under another key decrypts to one time in
    // 256. Garbage, not a clone.
    const garbled = new URL(simulatedTapUrl(base, { ...chip, uid: '04112233445566' }, 6));
    garbled.searchParams.set('c', '0'.repeat(16));
    expect(await open(garbled.href)).toEqual({ view: 'unverified' });

    expect(await open(`${base}/c/${serial}?e=zz&c=00`)).toEqual({ view: 'unverified' });
    expect(await open(`${base}/c/${serial}?e=${'0'.repeat(32)}`)).toEqual({ view: 'unverified' });

    const kinds = (await eventsOf(serial)).map((event) => event.kind);
    expect(kinds).toEqual(['malformed', 'malformed', 'bad_mac', 'unknown_uid', 'bad_mac', 'bad_mac']);
    const [, , , unknown] = await eventsOf(serial);
    expect(unknown).toMatchObject({ uid: '04AABBCCDDEEFF', counter: 5, keyVersion: 2 });
    // Nothing was accepted: the genuine chip's next tap is still fresh.
    expect(await open(simulatedTapUrl(base, chip, 3))).toEqual({ view: 'verified' });
    expect((await rowOf(serial))?.verificationCount).toBe(1);
  });

  it('opened without the chip’s message proves nothing more than a plain link', async () => {
    const { serial } = await secureCard();
    expect(await open(`${base}/c/${serial}`)).toEqual({ view: 'static' });
    expect((await eventsOf(serial)).map((event) => event.kind)).toEqual(['static']);
  });

  it('is refused, never failed, when its key version is not configured (said once, without the key)', async () => {
    const { chip } = await secureCard({ version: 7 });
    warnings.length = 0;
    expect(await open(simulatedTapUrl(base, chip, 1))).toEqual({ view: 'unverified' });
    expect(await open(simulatedTapUrl(base, chip, 2))).toEqual({ view: 'unverified' });
    expect(warnings).toEqual([expect.stringContaining('SUN_MASTER_KEY_V7')]);
    expect(warnings.join()).not.toMatch(/[0-9a-f]{32}/i);
  });

  it('under the version it is being re-keyed to makes that version current, with its counter afresh', async () => {
    const { serial, chip } = await secureCard({ version: 1, next: 2, masterKey: TEST_SUN_MASTER_KEY_V1 });
    expect(await open(simulatedTapUrl(base, chip, 40))).toEqual({ view: 'verified' });
    expect(await rowOf(serial)).toMatchObject({ sunKeyVersion: 1, sunNextKeyVersion: 2, sunCounter: 40 });

    const rekeyed = simulatedChip(serial, undefined, chip.uid);
    const url = simulatedTapUrl(base, rekeyed, 3);
    expect(await open(url)).toEqual({ view: 'verified' });
    expect(await rowOf(serial)).toMatchObject({ sunKeyVersion: 2, sunNextKeyVersion: null, sunCounter: 3 });
    expect(await open(url)).toEqual({ view: 'replayed' });
    // The old keys no longer prove the card.
    expect(await open(simulatedTapUrl(base, chip, 41))).toEqual({ view: 'unverified' });
  });

  it('of an unclaimed card shows its proof on the claim page; a lost card records the tap and shows the lost page', async () => {
    const { serial, chip } = await secureCard();
    const tapped = await loadTap(
      pageContext(t, 'x'),
      serial,
      new URL(simulatedTapUrl(base, chip, 1)).searchParams,
    );
    expect(tapped).toMatchObject({ kind: 'unclaimed', proof: 'verified' });

    const owner = await signedInUser(t);
    await claim(serial, owner);
    await t.database.db.update(serials).set({ lostAt: new Date() }).where(eq(serials.serial, serial));
    expect(await open(simulatedTapUrl(base, chip, 2))).toEqual({ view: undefined });
    expect((await eventsOf(serial)).map((event) => event.kind)).toEqual(['fresh', 'fresh']);
  });

  it('of an unknown serial is a 404 and records nothing', async () => {
    const before = (await t.database.db.select().from(tapEvents)).length;
    expect(await open(`${base}/c/ABCDEFGHJKMN?e=${'0'.repeat(32)}&c=${'0'.repeat(16)}`)).toEqual({
      status: 404,
    });
    expect((await t.database.db.select().from(tapEvents)).length).toBe(before);
  });
});

describe('a card without a secure chip', () => {
  it('keeps working, marked as not cryptographically verified, whatever its query says', async () => {
    const owner = await signedInUser(t);
    const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const serial = row?.serial as string;
    await claim(serial, owner);
    expect(await open(`${base}/c/${serial}`)).toEqual({
      redirect: `/profile/${owner.username}`,
      view: 'static',
    });
    const chip = simulatedChip(serial);
    expect(await open(simulatedTapUrl(base, chip, 1))).toEqual({
      redirect: `/profile/${owner.username}`,
      view: 'static',
    });
    expect((await eventsOf(serial)).map((event) => event.kind)).toEqual(['static', 'static']);
    expect((await rowOf(serial))?.verificationCount).toBe(0);
  });
});

describe('a flood of taps from one client', () => {
  it('leaves at most 10 events of a kind per serial in 10 minutes, yet every tap gets its page and fresh taps are kept', async () => {
    const { serial, chip } = await secureCard();
    await claim(serial, await signedInUser(t));
    for (let i = 0; i < 25; i++) {
      expect((await open(`${base}/c/${serial}`, { client: 'flood' })).view).toBe('static');
    }
    const replayed = simulatedTapUrl(base, chip, 1);
    expect((await open(replayed, { client: 'flood' })).view).toBe('verified');
    // Plain taps do not use up the room a replay needs to be seen: the replays are recorded, up to 10.
    for (let i = 0; i < 12; i++) expect((await open(replayed, { client: 'flood' })).view).toBe('replayed');
    expect((await open(`${base}/c/${serial}`, { client: 'someone-else' })).view).toBe('static');
    const kinds = (await eventsOf(serial)).map((event) => `${event.client} ${event.kind}`);
    expect(kinds.filter((kind) => kind === 'flood static')).toHaveLength(10);
    expect(kinds.filter((kind) => kind === 'flood fresh')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'flood replayed')).toHaveLength(10);
    expect(kinds.filter((kind) => kind === 'someone-else static')).toHaveLength(1);
  });
});

describe('the card page’s proof parameter', () => {
  const subject = { username: 'ada', serial: 'ABCDEFGHJKMN', client: 'phone-1' };

  it('shows only for the page, the client and the two minutes it was signed for', () => {
    const now = 1_800_000_000;
    const token = signTapProof(secret(), 'verified', subject, now);
    const reader = { username: 'ada', client: 'phone-1' };
    expect(readTapProof(secret(), token, reader, now + 60)).toBe('verified');
    expect(readTapProof(secret(), token, reader, now + 121)).toBeUndefined();
    expect(readTapProof(secret(), token, { ...reader, username: 'eve' }, now)).toBeUndefined();
    expect(readTapProof(secret(), token, { ...reader, client: 'phone-2' }, now)).toBeUndefined();
    expect(readTapProof('another secret', token, reader, now)).toBeUndefined();
    // A "replayed" proof turned into a "verified" one by its code.
    const replayed = signTapProof(secret(), 'replayed', subject, now);
    expect(readTapProof(secret(), `v${replayed.slice(1)}`, reader, now)).toBeUndefined();
    expect(readTapProof(secret(), '1', reader, now)).toBeUndefined();
    expect(readTapProof(secret(), 'v.ABCDEFGHJKMN.zzzzzzzzzz.x', reader, now)).toBeUndefined();
  });
});

describe('the anomaly sweep, after strangers open a secure card’s link', () => {
  it('raises no distant-taps flag for links without the chip’s message, only for the chip’s own taps', async () => {
    const typed = await secureCard();
    const tapped = await secureCard();
    // Three strangers on three networks type the printed serial's link, or send a mangled message …
    await open(`${base}/c/${typed.serial}`, { client: 'stranger-a' });
    await open(`${base}/c/${typed.serial}?e=00&c=00`, { client: 'stranger-b' });
    await open(`${base}/c/${typed.serial}`, { client: 'stranger-c' });
    // … while another card's chip is read on three networks within minutes: that is what the flag is for.
    for (const [index, client] of ['phone-a', 'phone-b', 'phone-c'].entries()) {
      await open(simulatedTapUrl(base, tapped.chip, index + 1), { client });
    }
    await sweepAnomalies(t.database.db, new Date(Date.now() + 2 * 60_000));
    const distantFlagOf = async (serial: string) =>
      t.database.db
        .select({ kind: serialFlags.kind })
        .from(serialFlags)
        .where(
          and(eq(serialFlags.serialId, (await rowOf(serial))?.id ?? 0), eq(serialFlags.kind, 'distant_taps')),
        );
    expect(await distantFlagOf(typed.serial)).toEqual([]);
    expect(await distantFlagOf(tapped.serial)).toEqual([{ kind: 'distant_taps' }]);
  });
});

describe.runIf(process.env.DATABASE_URL)('two processes on PostgreSQL', () => {
  it('racing with one tap URL: exactly one is verified', async () => {
    const other = await createTestApp(TEST_SUN_ENV, { sameDatabaseAs: t });
    try {
      const owner = await signedInUser(t);
      const { serial, chip } = await secureCard();
      await claim(serial, owner);
      for (const counter of [1, 2, 3]) {
        const url = simulatedTapUrl(base, chip, counter);
        const taps = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            open(url, { app: index % 2 === 0 ? t : other, client: `racer-${counter}-${index}` }),
          ),
        );
        expect(taps.filter((tap) => tap.view === 'verified')).toHaveLength(1);
        expect(taps.filter((tap) => tap.view === 'replayed')).toHaveLength(19);
      }
      expect(await rowOf(serial)).toMatchObject({ sunCounter: 3, verificationCount: 3 });
    } finally {
      await other.close();
    }
  });
});

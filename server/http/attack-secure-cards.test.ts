import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTap } from '../../app/lib/registry.server.ts';
import { VERIFICATION_STATUS } from '../../common/messages/verification.ts';
import { sessionSecretOf } from '../config.ts';
import { serials } from '../db/schema/index.ts';
import { createSessions } from '../modules/accounts/sessions.ts';
import { CLAIM_MESSAGES } from '../modules/registry/ownership/claims.ts';
import { generateBatch } from '../modules/registry/serials/batches.ts';
import { cardTaps } from '../modules/registry/sun/tap-card.ts';
import { type SimulatedChip, simulatedChip, simulatedTapUrl, TEST_SUN_ENV } from '../test/sun-simulator.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';
import { clientIdOf, networkIdOf } from './client-id.ts';

/**
 * Issue 32, point 6: a card's x/5 a stranger can burn, and a secure card claimed with its printed serial
 * alone. Over real HTTP behind a trusted proxy, so each request picks its address with X-Forwarded-For.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_SUN_ENV, TRUST_PROXY: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

async function call(
  path: string,
  options: { method?: string; body?: object; client: string; cookie?: string },
) {
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      'x-forwarded-for': options.client,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body ? { 'content-type': 'application/json', origin: t.config.publicUrl } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

const verify = (serial: string, client: string) => call(`/api/verify/?code=${serial}`, { client });

async function newSerial(): Promise<string> {
  const [row] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
  return row?.serial as string;
}

async function secureCard(): Promise<{ serial: string; chip: SimulatedChip }> {
  const serial = await newSerial();
  const chip = simulatedChip(serial);
  await t.database.db
    .update(serials)
    .set({ chipUid: chip.uid, sunKeyVersion: 2 })
    .where(eq(serials.serial, serial));
  return { serial, chip };
}

/** The tap page's loader for a phone at `address`, as the page route calls it. */
async function tap(url: string, address: string) {
  const secret = sessionSecretOf(t.config);
  const asked = { ip: address } as FastifyRequest;
  const sessions = createSessions(t.database.db, secret);
  const context = {
    db: t.database.db,
    publicUrl: t.config.publicUrl,
    sessions,
    sessionToken: undefined,
    taps: cardTaps(
      {
        db: t.database.db,
        keys: t.config.sunMasterKeys,
        warn: () => {},
        secret,
        later: (task) => task(),
        sessions,
      },
      { client: clientIdOf(secret, asked), network: networkIdOf(secret, asked), sessionToken: undefined },
    ),
  } as unknown as AppLoadContext;
  const parsed = new URL(url);
  return (await loadTap(context, parsed.pathname.split('/').at(-1), parsed.searchParams)) as {
    proof: string;
    claimTicket?: string;
  };
}

describe('A. a stranger cannot burn a card’s x/5', () => {
  it('five direct checks from five addresses of one network count once', async () => {
    const serial = await newSerial();
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await verify(serial, `203.0.${i}.7`));
    expect(answers.map((answer) => answer.body.status)).not.toContain(VERIFICATION_STATUS.limit);
    expect(answers.at(-1)?.body).toMatchObject({ valid: true, attempts: 1 });
    // Nor on another day: a network counts once for a serial, ever.
    await t.database.db.execute(
      `update serial_check_days set day = day - 3 where serial_id = (select id from serials where serial = '${serial}')`,
    );
    expect((await verify(serial, '203.0.9.9')).body).toMatchObject({ attempts: 1, counted: false });
  });

  it('a secure card’s printed serial counts nothing from anyone: only its chip does', async () => {
    const { serial, chip } = await secureCard();
    for (let i = 1; i <= 7; i++) {
      const answer = await verify(serial, `10.${i}.0.1`);
      expect(answer.body).toMatchObject({ valid: true, status: VERIFICATION_STATUS.genuine, counted: false });
    }
    expect((await tap(simulatedTapUrl(base, chip, 1), '192.0.2.10')).proof).toBe('verified');
    expect((await verify(serial, '10.99.0.1')).body).toMatchObject({ valid: true, attempts: 1 });
  });
});

describe('B. a secure card is claimed only with a fresh verified tap', () => {
  const phone = '192.0.2.44';
  const claim = (serial: string, cookie: string, tapTicket?: string) =>
    call('/api/auth/cards/claim/', {
      method: 'POST',
      client: phone,
      cookie,
      body: tapTicket ? { serial, tap: tapTicket } : { serial },
    });

  it('its printed serial alone is refused, with what to do instead', async () => {
    const thief = await signedInUser(t);
    const { serial } = await secureCard();
    const answer = await claim(serial, thief.cookie);
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toBe(CLAIM_MESSAGES.tapToClaim);
    expect(
      (await t.database.db.select().from(serials).where(eq(serials.serial, serial)))[0]?.claimedBy,
    ).toBeNull();
  });

  it('a verified tap hands the tapping phone a ticket that claims it; a replayed link or another card’s does not', async () => {
    const holder = await signedInUser(t);
    const { serial, chip } = await secureCard();
    const other = await secureCard();
    const url = simulatedTapUrl(base, chip, 5);
    const fresh = await tap(url, phone);
    expect(fresh.proof).toBe('verified');
    expect(fresh.claimTicket).toEqual(expect.any(String));
    // The same link again is a replay: no ticket.
    expect((await tap(url, phone)).claimTicket).toBeUndefined();
    // A ticket is for its card and its phone only.
    expect((await claim(other.serial, holder.cookie, fresh.claimTicket)).status).toBe(403);
    const elsewhere = await call('/api/auth/cards/claim/', {
      method: 'POST',
      client: '198.51.100.9',
      cookie: holder.cookie,
      body: { serial, tap: fresh.claimTicket },
    });
    expect(elsewhere.status).toBe(403);
    const claimed = await claim(serial, holder.cookie, fresh.claimTicket);
    expect(claimed.status).toBe(201);
    expect(claimed.body.serial_number).toBe(serial);
  });

  it('a plain card is still claimed with its serial', async () => {
    const owner = await signedInUser(t);
    const serial = await newSerial();
    expect((await claim(serial, owner.cookie)).status).toBe(201);
  });
});

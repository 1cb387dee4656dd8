import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTap } from '../../app/lib/registry.server.ts';
import { sessionSecretOf } from '../config.ts';
import { cardEvents } from '../db/schema/index.ts';
import { createSessions } from '../modules/accounts/sessions.ts';
import { EXCHANGES_PER_OWNER_CLIENT, EXCHANGES_PER_OWNER_NETWORK } from '../modules/contacts/exchange.ts';
import { CLIENT_EVENTS_PER_DAY } from '../modules/insights/recorder.ts';
import { signVia } from '../modules/insights/signed-via.ts';
import { generateBatch } from '../modules/registry/serials/batches.ts';
import { generateSerial } from '../modules/registry/serials/serial-code.ts';
import { cardTaps } from '../modules/registry/sun/tap-card.ts';
import { type CardOwner, insertCardOwner } from '../test/card-owners.ts';
import { type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 32, point 6 ("the lows"), as an attacker sends them over real HTTP: the app on a real port behind a
 * trusted proxy, so that each request picks its client's address with X-Forwarded-For as a proxy would set it.
 */

let t: TestApp;
let smtp: SmtpCapture;
let base: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let clients = 0;
const newClient = () => `198.18.${(clients >> 8) & 255}.${clients++ & 255}`;

async function call(
  path: string,
  options: { method?: string; body?: object; client?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    redirect: 'manual',
    headers: {
      'x-forwarded-for': options.client ?? newClient(),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    get body() {
      return JSON.parse(text);
    },
  };
}

const share = (username: string, body: object, client?: string) =>
  call(`/api/auth/public-profile/${username}/exchange/`, {
    method: 'POST',
    body: { name: 'Sam Sender', consent: true, ...body },
    ...(client ? { client } : {}),
  });

describe('1. the exchange copy goes to an address nobody proved', () => {
  const spammer: CardOwner = {
    username: 'pills-card',
    email: 'pills.owner@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Pat',
    lastName: 'Seller',
    bio: 'Cheap pills, call now',
    phone: '+1 555 0100',
    publicFields: ['bio', 'phone'],
    links: [{ title: 'Order today', url: 'https://pills.example/buy' }],
  };
  beforeAll(async () => {
    await insertCardOwner(t.database.db, t.storage, spammer);
  });

  it('carries neither the owner’s card nor their bio, phone or links to a stranger typed in by a visitor', async () => {
    // Signed out, the owner is just a visitor of their own card: they share "their" details with a stranger.
    const stranger = 'inbox.of.a.stranger@example.test';
    const answer = await share(spammer.username, { email: stranger });
    expect(answer.status).toBe(201);
    const copy = await smtp.waitFor(stranger);
    expect(copy.attachments).toEqual([]);
    for (const part of [copy.text, copy.html]) {
      expect(part).not.toMatch(/pills\.example|Cheap pills|555 0100|\/profile\/pills-card/);
    }
    // What the person shared is still there: the copy is theirs.
    expect(copy.subject).toBe('You shared your details with Pat Seller');
    expect(copy.text).toContain('Name: Sam Sender');
    expect(copy.text).toContain(`E-mail: ${stranger}`);
    // And the page no longer promises the owner's card.
    expect(answer.body.detail).toBe(
      'Thank you! Pat has your details. If you gave an e-mail address, a copy of what you shared is on its way to you.',
    );
  });
});

describe('2. a card’s sharing allowance is shared out, not taken by one client', () => {
  const card: CardOwner = {
    username: 'fair-stand',
    email: 'fair.stand@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Fay',
    lastName: 'Stand',
    publicFields: [],
  };
  beforeAll(async () => {
    await insertCardOwner(t.database.db, t.storage, card);
  });

  it('one attacker with forty addresses of one network, all at once, leaves the card open to everyone else', async () => {
    const attacker = Array.from({ length: 40 }, (_, i) => `100.64.${i}.7`);
    const answers = await Promise.all(
      attacker.flatMap((client, i) =>
        [0, 1, 2, 3, 4].map((n) => share(card.username, { email: `flood-${i}-${n}@example.test` }, client)),
      ),
    );
    const taken = answers.filter((answer) => answer.status === 201).length;
    expect(answers.every((answer) => answer.status === 201 || answer.status === 429)).toBe(true);
    expect(taken).toBe(EXCHANGES_PER_OWNER_NETWORK.max);
    // Another visitor, elsewhere, still shares.
    const visitor = await share(card.username, { email: 'real.visitor@example.test' }, '192.0.2.10');
    expect(visitor.status).toBe(201);
  });

  it(`one client shares at most ${EXCHANGES_PER_OWNER_CLIENT.max} times with one card in an hour`, async () => {
    const client = '192.0.2.77';
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((n) => share(card.username, { email: `again-${n}@example.test` }, client)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(EXCHANGES_PER_OWNER_CLIENT.max);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.detail).toBe(
      'You have shared your details many times in the last hour. Please try again later.',
    );
  });
});

describe('3. insights count a client a bounded number of times, and only sources the server signed', () => {
  const card: CardOwner = {
    username: 'counted-card',
    email: 'counted.card@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Cody',
    lastName: 'Counted',
    publicFields: [],
  };
  let ownerId: number;
  beforeAll(async () => {
    ownerId = await insertCardOwner(t.database.db, t.storage, card);
  });
  const eventsOf = async () =>
    t.database.db.select().from(cardEvents).where(eq(cardEvents.ownerId, ownerId)).orderBy(cardEvents.id);
  const save = (via: string, client: string, agent = 'Mozilla/5.0 (Android 14) Mobile Safari/537.36') =>
    call(`/api/auth/public-profile/${card.username}/vcard/?via=${encodeURIComponent(via)}`, {
      client,
      headers: { 'user-agent': agent },
    });

  it('a hundred saves from one client, each with another agent and a typed-in “QR” source, add only its day’s share, as plain links', async () => {
    const client = '192.0.2.150';
    for (let i = 0; i < 100; i++) {
      expect(
        (await save('qr', client, `Mozilla/5.0 (Android 14; build ${i}) Mobile Safari/537.36`)).status,
      ).toBe(200);
    }
    await vi.waitFor(async () => expect((await eventsOf()).length).toBeGreaterThan(0), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const events = await eventsOf();
    expect(events).toHaveLength(CLIENT_EVENTS_PER_DAY);
    expect(new Set(events.map((event) => event.source))).toEqual(new Set(['link']));
  });

  it('a source the server signed for this card counts as that source; one signed for another card does not', async () => {
    const secret = sessionSecretOf(t.config);
    const before = (await eventsOf()).length;
    await save(signVia(secret, card.username, { source: 'qr', card: null }), '192.0.2.151');
    await save(signVia(secret, 'someone-else', { source: 'qr', card: null }), '192.0.2.152');
    await save('tap-ABCDEFGHJKMN', '192.0.2.153');
    await vi.waitFor(async () => expect((await eventsOf()).length).toBe(before + 3), { timeout: 5000 });
    expect((await eventsOf()).slice(before).map((event) => event.source)).toEqual(['qr', 'link', 'link']);
  });
});

describe('4. a card’s link on the firm’s domain is no open redirect', () => {
  const card: CardOwner = {
    username: 'phish-card',
    email: 'phish.card@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Phil',
    lastName: 'Isher<img src=x>',
    publicFields: [],
    links: [{ title: 'Your bank', url: 'https://bank.example.evil/login?next=<b>' }],
  };
  let linkPath: string;
  beforeAll(async () => {
    await insertCardOwner(t.database.db, t.storage, card);
    const profile = (await call(`/api/auth/public-profile/${card.username}/`)).body as {
      links: { id: number }[];
    };
    linkPath = `/profile/${card.username}/links/${profile.links[0]?.id}`;
  });

  it('a link of a card’s mailed or posted elsewhere (not clicked on the card’s page) stops at a page that says where it leads', async () => {
    for (const site of [undefined, 'none', 'cross-site', 'same-site']) {
      const answer = await call(linkPath, { headers: site ? { 'sec-fetch-site': site } : {} });
      expect(answer.status, site).toBe(200);
      expect(answer.headers.get('location'), site).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.text).toContain('This link leads away from');
      // The address, shown as text, and the owner's name escaped: the page runs nothing of the owner's.
      expect(answer.text).toContain('<code>https://bank.example.evil/login?next=%3Cb%3E</code>');
      expect(answer.text).toContain('Phil Isher&lt;img src=x&gt;’s card');
      expect(answer.text).not.toContain('<img');
      expect(answer.text).not.toMatch(/<script|http-equiv="refresh"/i);
    }
  });

  it('a click on the card’s own page is sent straight on', async () => {
    const answer = await call(linkPath, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://bank.example.evil/login?next=%3Cb%3E');
  });
});

describe('9. /healthz', () => {
  it('tells workers apart without telling anyone a process id', async () => {
    const answer = await call('/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', worker: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(answer.text).not.toContain(String(process.pid));
    expect((await call('/healthz')).body.worker).toBe(answer.body.worker);
  });
});

describe('8. the session cookie on a site served over https', () => {
  let secure: TestApp;
  let secureBase: string;
  const person: CardOwner = {
    username: 'cookie-owner',
    email: 'cookie.owner@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Coco',
    lastName: 'Owner',
    publicFields: [],
  };
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: 'https://shop.test', TRUST_PROXY: '127.0.0.1' });
    await secure.app.listen({ port: 0, host: '127.0.0.1' });
    secureBase = `http://127.0.0.1:${(secure.app.server.address() as AddressInfo).port}`;
    await insertCardOwner(secure.database.db, secure.storage, person);
  });
  afterAll(async () => {
    await secure?.close();
  });
  const profile = (cookie: string) =>
    fetch(`${secureBase}/api/auth/profile/`, { headers: { cookie, 'x-forwarded-for': '192.0.2.200' } });

  it('is a __Host- cookie (Secure, Path=/, no Domain), so no sibling site can set or shadow it', async () => {
    const login = await fetch(`${secureBase}/api/auth/login/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://shop.test',
        'x-forwarded-for': '192.0.2.200',
      },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(login.status).toBe(200);
    const session = login.headers.getSetCookie().find((cookie) => /^(__Host-)?sid=/.test(cookie)) ?? '';
    expect(session).toMatch(/^__Host-sid=[^;]+/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Domain=/i);
    const token = /^__Host-sid=([^;]+)/.exec(session)?.[1] ?? '';
    expect((await profile(`__Host-sid=${token}`)).status).toBe(200);
    // The same value under the plain name (as a sibling subdomain could toss it) is no session here.
    expect((await profile(`sid=${token}`)).status).toBe(401);
  });
});

describe('6. /c/{serial} is no unthrottled serial oracle', () => {
  /** The tap page's loader for one client, as the page route calls it: its status, or where it redirects. */
  async function tap(serial: string, client: string) {
    const sessions = createSessions(t.database.db, sessionSecretOf(t.config));
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
          secret: sessionSecretOf(t.config),
          later: (task) => task(),
          sessions,
        },
        { client, network: client, sessionToken: undefined },
      ),
    } as unknown as AppLoadContext;
    try {
      await loadTap(context, serial, new URLSearchParams());
      return 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      return (thrown as { init?: { status?: number } }).init?.status;
    }
  }

  it('past five unknown serials in the hour a client’s taps are refused, as /verify refuses its look-ups', async () => {
    const [genuine] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
    const client = 'oracle-client';
    const guesses = await Promise.all(Array.from({ length: 8 }, () => tap(generateSerial(), client)));
    expect(guesses.filter((status) => status === 404)).toHaveLength(5);
    expect(guesses.filter((status) => status === 429)).toHaveLength(3);
    // Not even a genuine serial is looked up for it now: a hit would tell a guess from a miss.
    expect(await tap(genuine?.serial as string, client)).toBe(429);
    // The limit is the client's: anyone else's tap of the card goes on.
    expect(await tap(genuine?.serial as string, 'another-client')).toBe(200);
  });
});

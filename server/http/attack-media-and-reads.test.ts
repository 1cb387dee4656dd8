import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCardPage } from '../../app/lib/profiles.server.ts';
import { sessionSecretOf } from '../config.ts';
import { media } from '../db/schema/index.ts';
import { createSessions } from '../modules/accounts/sessions.ts';
import { request } from '../test/request.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { multipart, putProfile, signedInAdmin, signedInUser } from '../test/users.ts';

/**
 * Media kept in the database (decision 029) and the prepared card read (decision 031) as an attacker sends
 * them, over real HTTP: odd /media paths and headers, what an upload may become, whose image a removal may
 * take, and what a card with hidden fields lets out through its page data, its API and its vCard.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const jpeg = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .jpeg()
    .toBuffer();
const photo = async (background: string) => ({
  filename: 'me.jpg',
  type: 'image/jpeg',
  data: await jpeg(background),
});

async function withPhoto(background: string) {
  const user = await signedInUser(t);
  const saved = await putProfile(t, user.cookie, {}, await photo(background));
  expect(saved.status).toBe(200);
  return { ...user, photo: saved.body.profile_image as string };
}

describe('/media under attack', () => {
  it('no odd path reaches anything but a 404 (or 400), never a 500 nor a file', async () => {
    const { photo: path } = await withPhoto('#102030');
    const key = path.slice('/media/'.length);
    const odd = [
      '/media/../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      `/media/${key}%00`,
      `/media/${key}%00.html`,
      `/media/${key.toUpperCase()}`,
      `/media//${key}`,
      '/media/',
      '/media',
      '/media/%',
      '/media/%ZZ',
      '/media/%c0%ae%c0%ae/etc/passwd',
      `/media/${'a'.repeat(301)}.jpg`,
      `/media/${'a/'.repeat(3000)}x.jpg`,
      '/media/profiles/1-unknown.jpg',
      '/media/profiles/999999-0000000000000000000000000000000000000000000000000000000000000000.jpg',
      '/media/.env',
      '/media/profiles/.jpg',
    ];
    for (const url of odd) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await request(t, { method, url });
        expect([400, 404], `${method} ${url}`).toContain(answer.status);
        expect(answer.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
      }
    }
    // An encoded slash decodes to the same key, a trailing slash and a query are ignored: the same image, nothing else.
    const original = await request(t, { url: path });
    const aliases = [
      `/media/${key.replace('/', '%2F')}`,
      `/media/${key.replace('/', '%2f')}`,
      `/media/${key}/`,
      `/media/${key}?x=1/../..`,
    ];
    for (const url of aliases) {
      const answer = await request(t, { url });
      expect([200, 404], url).toContain(answer.status);
      if (answer.status === 200) expect(answer.raw.equals(original.raw)).toBe(true);
    }
  });

  it('GET, HEAD and If-None-Match agree: one strong ETag, 304 without bytes, HEAD with the length only', async () => {
    const { photo: path } = await withPhoto('#203040');
    const got = await request(t, { url: path });
    expect(got.status).toBe(200);
    const etag = String(got.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(got.headers['content-encoding']).toBeUndefined();

    const head = await request(t, { method: 'HEAD', url: path });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(got.raw.length);
    expect(head.headers.etag).toBe(etag);

    for (const tag of [etag, `W/${etag}`, '*', `"nope", ${etag}`, ` ${etag} `]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await request(t, { method, url: path, headers: { 'if-none-match': tag } });
        expect(answer.status, `${method} ${tag}`).toBe(304);
        expect(answer.raw.length).toBe(0);
        expect(answer.headers.etag).toBe(etag);
      }
    }
    for (const tag of ['"nope"', '', ',,,', 'W/', `"${'f'.repeat(6000)}"`]) {
      const answer = await request(t, { url: path, headers: { 'if-none-match': tag } });
      expect(answer.status, tag).toBe(200);
      expect(answer.raw.equals(got.raw)).toBe(true);
      const headAnswer = await request(t, { method: 'HEAD', url: path, headers: { 'if-none-match': tag } });
      expect(headAnswer.status).toBe(200);
      expect(Number(headAnswer.headers['content-length'])).toBe(got.raw.length);
    }
    // An unknown key with a matching-anything tag is still not found.
    const unknown = await request(t, {
      url: path.replace(/[0-9a-f]{64}/, '0'.repeat(64)),
      headers: { 'if-none-match': '*' },
    });
    expect(unknown.status).toBe(404);
  });

  it('an upload never becomes an SVG or an HTML page: it is a JPEG or refused', async () => {
    const user = await signedInUser(t);
    const script = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const html = '<!doctype html><script>alert(1)</script>';
    for (const [filename, type, data] of [
      ['x.svg', 'image/svg+xml', script],
      ['x.html', 'text/html', html],
      ['x.jpg', 'image/jpeg', html],
      ['x.png', 'image/png', script],
    ] as const) {
      const saved = await putProfile(t, user.cookie, {}, { filename, type, data: Buffer.from(data) });
      expect(saved.status, filename).toBeGreaterThanOrEqual(400);
      expect(saved.status, filename).toBeLessThan(500);
    }
    const stored = await t.database.db
      .select({ key: media.key, contentType: media.contentType })
      .from(media)
      .where(like(media.key, `profiles/${user.id}-%`));
    expect(stored).toEqual([]);

    const ok = await putProfile(
      t,
      user.cookie,
      {},
      { ...(await photo('#000')), filename: 'x.svg', type: 'image/svg+xml' },
    );
    // A real picture named as an SVG: refused, or stored as the JPEG it is re-encoded to.
    expect(ok.status).toBeLessThan(500);
    if (ok.status === 200) {
      expect(ok.body.profile_image).toMatch(/\.jpg$/);
      const served = await request(t, { url: ok.body.profile_image });
      expect(served.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('a replaced photo is gone, even after it was served (and so kept in memory)', async () => {
    const user = await withPhoto('#304050');
    expect((await request(t, { url: user.photo })).status).toBe(200);
    const replaced = await putProfile(t, user.cookie, {}, await photo('#405060'));
    expect(replaced.body.profile_image).not.toBe(user.photo);
    expect((await request(t, { url: user.photo })).status).toBe(404);
    expect((await request(t, { method: 'HEAD', url: user.photo })).status).toBe(404);
    expect((await request(t, { url: replaced.body.profile_image })).status).toBe(200);
  });

  it('the same bytes sent by two people are two images: one replacing theirs leaves the other’s shown', async () => {
    const bytes = await photo('#506070');
    const [alice, bob] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const [a, b] = await Promise.all([
      putProfile(t, alice.cookie, {}, bytes),
      putProfile(t, bob.cookie, {}, bytes),
    ]);
    expect(a.body.profile_image).not.toBe(b.body.profile_image);
    expect((await putProfile(t, bob.cookie, {}, await photo('#607080'))).status).toBe(200);
    const alices = await request(t, { url: a.body.profile_image });
    expect(alices.status).toBe(200);
    expect((await request(t, { url: b.body.profile_image })).status).toBe(404);
  });

  it('sending one’s own photo again, even twice at once, keeps it shown', async () => {
    const bytes = await photo('#708090');
    const user = await signedInUser(t);
    const first = await putProfile(t, user.cookie, {}, bytes);
    const again = await Promise.all([
      putProfile(t, user.cookie, {}, bytes),
      putProfile(t, user.cookie, {}, bytes),
    ]);
    for (const answer of again) expect(answer.body.profile_image).toBe(first.body.profile_image);
    expect((await request(t, { url: first.body.profile_image })).status).toBe(200);
  });

  it('sending the photo shown before and another one at once never leaves the profile on a removed image', async () => {
    const [a, b] = await Promise.all([photo('#123456'), photo('#654321')]);
    for (let round = 0; round < 5; round++) {
      const user = await signedInUser(t);
      await putProfile(t, user.cookie, {}, a);
      await putProfile(t, user.cookie, {}, b);
      await Promise.all([putProfile(t, user.cookie, {}, a), putProfile(t, user.cookie, {}, b)]);
      const shown = (await request(t, { url: '/api/auth/profile/', cookie: user.cookie })).body.profile_image;
      expect((await request(t, { url: shown })).status, `round ${round}`).toBe(200);
    }
  });

  it('two new photos sent at once: only the one shown stays served, neither the old one nor the other', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await withPhoto('#0a0b0c');
      const sent = await Promise.all([
        putProfile(t, user.cookie, {}, await photo(`#1${round}1${round}1${round}`)),
        putProfile(t, user.cookie, {}, await photo(`#2${round}2${round}2${round}`)),
      ]);
      const shown = (await request(t, { url: '/api/auth/profile/', cookie: user.cookie })).body.profile_image;
      expect((await request(t, { url: shown })).status).toBe(200);
      for (const gone of [user.photo, ...sent.map((answer) => answer.body.profile_image)]) {
        if (gone !== shown) expect((await request(t, { url: gone })).status, `round ${round}`).toBe(404);
      }
    }
  });

  it('a profile form cannot point the photo at someone else’s image (and so neither remove it)', async () => {
    const victim = await withPhoto('#8090a0');
    const attacker = await withPhoto('#90a0b0');
    const answer = await putProfile(t, attacker.cookie, { profile_image: victim.photo });
    expect(answer.status).toBeLessThan(500);
    expect((await putProfile(t, attacker.cookie, {}, await photo('#a0b0c0'))).status).toBe(200);
    expect((await request(t, { url: victim.photo })).status).toBe(200);
  });
});

describe('card covers', () => {
  async function send(cookie: string, method: 'POST' | 'PATCH', url: string, fields: object, file?: Buffer) {
    const form = multipart(
      fields as Record<string, string>,
      file ? { field: 'cover_image', filename: 'cover.jpg', type: 'image/jpeg', data: file } : undefined,
    );
    return request(t, { method, url, body: form.payload, headers: form.headers, cookie });
  }
  const card = (slug: string, sku: string) => ({
    name: '<script>alert(1)</script>',
    slug,
    sku,
    price: '10.00',
    category: '"><svg onload=alert(1)>',
    description: 'x',
    stock: '5',
  });

  it('a drawn cover of the longest slug is served as an SVG that runs nothing', async () => {
    const admin = await signedInAdmin(t);
    const slug = `a${'b'.repeat(118)}c`;
    const created = await send(admin.cookie, 'POST', '/api/admin/cards/', card(slug, 'IC-LONG-1'));
    expect(created.status).toBe(201);
    const cover = await request(t, { url: created.body.cover_image });
    expect(cover.status).toBe(200);
    expect(cover.headers['content-type']).toBe('image/svg+xml');
    expect(cover.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(cover.text).not.toContain('<script>');
    expect(cover.text).not.toMatch(/<svg onload/);
  });

  it('a cover two cards share (a slug renamed, then taken again) stays while one still shows it', async () => {
    const admin = await signedInAdmin(t);
    const bytes = await jpeg('#112233');
    const first = await send(
      admin.cookie,
      'POST',
      '/api/admin/cards/',
      card('shared-cover', 'IC-SHR-1'),
      bytes,
    );
    expect(first.status).toBe(201);
    const renamed = await send(admin.cookie, 'PATCH', `/api/admin/cards/${first.body.id}/`, {
      slug: 'shared-cover-old',
    });
    expect(renamed.status).toBe(200);
    const second = await send(
      admin.cookie,
      'POST',
      '/api/admin/cards/',
      card('shared-cover', 'IC-SHR-2'),
      bytes,
    );
    expect(second.body.cover_image).toBe(first.body.cover_image);
    const replaced = await send(
      admin.cookie,
      'PATCH',
      `/api/admin/cards/${second.body.id}/`,
      {},
      await jpeg('#445566'),
    );
    expect(replaced.status).toBe(200);
    expect((await request(t, { url: first.body.cover_image })).status).toBe(200);
  });

  it('the cover shown before and another one sent at once never leave the card on a removed image', async () => {
    const admin = await signedInAdmin(t);
    const [a, b] = await Promise.all([jpeg('#224466'), jpeg('#664422')]);
    const created = await send(admin.cookie, 'POST', '/api/admin/cards/', card('cover-race', 'IC-RACE-1'), a);
    expect(created.status).toBe(201);
    const url = `/api/admin/cards/${created.body.id}/`;
    for (let round = 0; round < 5; round++) {
      await send(admin.cookie, 'PATCH', url, {}, b);
      await send(admin.cookie, 'PATCH', url, {}, a);
      await Promise.all([send(admin.cookie, 'PATCH', url, {}, b), send(admin.cookie, 'PATCH', url, {}, a)]);
      const shown = (await request(t, { url, cookie: admin.cookie })).body.cover_image;
      expect((await request(t, { url: shown })).status, `round ${round}`).toBe(200);
    }
  });
});

describe('a card shows what its owner chose, everywhere', () => {
  const secret = { phone: '+447700900123', bio: 'Secret-bio-xyzzy', location: 'https://hidden-town.example' };

  async function ownerWithHiddenFields() {
    const owner = await signedInUser(t, { firstName: 'Hana', lastName: 'Hidden' });
    expect((await putProfile(t, owner.cookie, { ...secret, job_title: 'Shown-Title' })).status).toBe(200);
    const links = await request(t, {
      method: 'PUT',
      url: '/api/auth/profile/links/',
      cookie: owner.cookie,
      body: {
        links: [
          { title: 'Shown', url: 'https://shown.example', icon: 'website', enabled: true },
          { title: 'Hidden-link', url: 'https://hidden-link.example', icon: null, enabled: false },
        ],
      },
    });
    expect(links.status).toBe(200);
    const settings = await request(t, {
      method: 'PATCH',
      url: '/api/auth/profile/card/',
      cookie: owner.cookie,
      body: { public_fields: ['job_title'] },
    });
    expect(settings.status).toBe(200);
    return owner;
  }

  const hidden = (owner: { email: string }) => [
    owner.email,
    secret.phone,
    secret.bio,
    secret.location,
    'hidden-link.example',
    'Hidden-link',
    'password',
    'pending',
  ];
  const pageData = async (username: string, viewer?: { cookie: string }) => {
    const context = {
      db: t.database.db,
      publicUrl: 'http://shop.test',
      sessionToken: viewer?.cookie.slice('sid='.length),
      sessions: createSessions(t.database.db, sessionSecretOf(t.config)),
      taps: { readProof: () => undefined },
    } as never;
    const answer = await loadCardPage(context, username, new Request('http://shop.test/u/x'));
    return JSON.stringify((answer as { data: unknown }).data);
  };

  it('the page data, the API and the vCard carry no hidden field and no disabled link', async () => {
    const owner = await ownerWithHiddenFields();
    const stranger = await signedInUser(t);
    const api = await request(t, { url: `/api/auth/public-profile/${owner.username}/` });
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ job_title: 'Shown-Title', phone: '', email: '', bio: '', location: '' });
    expect(api.body.links).toEqual([
      { id: expect.any(Number), title: 'Shown', url: 'https://shown.example', icon: 'website' },
    ]);
    const vcard = await request(t, { url: `/api/auth/public-profile/${owner.username}/vcard/` });
    expect(vcard.status).toBe(200);
    expect(vcard.text).toContain('Shown-Title');
    const page = await pageData(owner.username);
    expect(page).toContain('Shown-Title');
    for (const text of [api.text, vcard.text, page, await pageData(owner.username, stranger)]) {
      for (const value of hidden(owner)) expect(text).not.toContain(value);
    }
  });

  it('a private card is the 404 of no card to everyone but its owner, in the page, the API and the vCard', async () => {
    const owner = await ownerWithHiddenFields();
    const stranger = await signedInUser(t);
    await request(t, {
      method: 'PATCH',
      url: '/api/auth/profile/card/',
      cookie: owner.cookie,
      body: { profile_private: true },
    });
    for (const cookie of [undefined, stranger.cookie]) {
      for (const suffix of ['', 'vcard/']) {
        const answer = await request(t, {
          url: `/api/auth/public-profile/${owner.username}/${suffix}`,
          cookie,
        });
        const none = await request(t, { url: `/api/auth/public-profile/nobody-here-xyz/${suffix}`, cookie });
        expect(answer.status).toBe(404);
        expect(answer.text).toBe(none.text);
      }
    }
    await expect(pageData(owner.username)).rejects.toMatchObject({ init: { status: 404 } });
    const own = await request(t, {
      url: `/api/auth/public-profile/${owner.username}/`,
      cookie: owner.cookie,
    });
    expect(own.status).toBe(200);
    for (const value of hidden(owner)) expect(own.text).not.toContain(value);
  });

  it('an edit shows at once on the next read (prepared statements, cached answers)', async () => {
    const owner = await ownerWithHiddenFields();
    const url = `/api/auth/public-profile/${owner.username}/`;
    const read = async () => (await request(t, { url })).body;
    expect((await read()).phone).toBe('');
    const show = (public_fields: string[]) =>
      request(t, {
        method: 'PATCH',
        url: '/api/auth/profile/card/',
        cookie: owner.cookie,
        body: { public_fields },
      });
    await show(['job_title', 'phone']);
    expect((await read()).phone).toBe(secret.phone);
    expect(await pageData(owner.username)).toContain(secret.phone);
    await show([]);
    expect(await read()).toMatchObject({ phone: '', job_title: '' });
    expect(await pageData(owner.username)).not.toContain(secret.phone);
    await request(t, {
      method: 'PUT',
      url: '/api/auth/profile/links/',
      cookie: owner.cookie,
      body: { links: [] },
    });
    expect((await read()).links).toEqual([]);
  });

  it('odd names on the card routes are 404s, never 500s', async () => {
    for (const name of ['%00', '..', '%2e%2e%2f', 'a'.repeat(200), "x'--", '%F0%9F%92%A9', 'ÄBC', '-']) {
      for (const suffix of ['', 'vcard/']) {
        const answer = await request(t, { url: `/api/auth/public-profile/${name}/${suffix}` });
        expect([400, 404], `${name} ${suffix}`).toContain(answer.status);
      }
    }
  });
});

import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, putProfile as sharedPutProfile, signedInUser, TEST_PASSWORD } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Photo = { filename: string; type: string; data: Buffer };

const putProfile = (cookie: string | undefined, fields: Record<string, string>, photo?: Photo) =>
  sharedPutProfile(t, cookie, fields, photo);

/** Every stored image's key: what an upload that is refused must leave as it was. */
const mediaKeys = async () =>
  (await t.database.db.select({ key: media.key }).from(media).orderBy(media.key)).map((row) => row.key);

async function profileOf(cookie: string) {
  const response = await request(t, { url: '/api/auth/profile/', cookie });
  return response.body;
}

const jpeg = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'GPS 51.5,-0.12' } })
    .toBuffer();

/** A valid PNG signature and header claiming `side`×`side` pixels, and almost no pixel data. */
function pngHeader(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PUT /api/auth/profile/', () => {
  it('changes the fields sent, keeps the ones sent empty, and lets optional fields be cleared', async () => {
    const { cookie } = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const first = await putProfile(cookie, {
      first_name: 'Ada',
      last_name: 'King Lovelace',
      phone: '+44 20 7946 0018',
      company: 'Analytical Engines, Ltd.',
      job_title: 'Programmer',
      bio: 'Notes; on the engine,\nwith a second line',
      location: 'https://maps.google.com/?q=London',
    });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      phone: '+44 20 7946 0018',
      company: 'Analytical Engines, Ltd.',
      bio: 'Notes; on the engine,\nwith a second line',
      location: 'https://maps.google.com/?q=London',
    });

    const second = await putProfile(cookie, { first_name: '', email: ' ', phone: '', location: '' });
    expect(second.status).toBe(200);
    expect(await profileOf(cookie)).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      phone: '',
      location: '',
      company: 'Analytical Engines, Ltd.',
    });
    // A one-word name: the last name is emptied on purpose.
    const third = await putProfile(cookie, { first_name: 'Ada', last_name: '' });
    expect(third.body).toMatchObject({ first_name: 'Ada', last_name: '' });
  });

  it('refuses a signed-out visitor and a cross-site form', async () => {
    expect((await putProfile(undefined, { first_name: 'Eve' })).status).toBe(401);
    const { cookie } = await signedInUser(t);
    const body = multipart({ first_name: 'Eve' });
    const response = await request(t, {
      method: 'PUT',
      url: '/api/auth/profile/',
      body: body.payload,
      cookie,
      origin: 'https://evil.example',
      headers: { ...body.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect((await profileOf(cookie)).first_name).toBe('Test');
  });

  it('changes the username only to a free, well-formed one', async () => {
    const taken = await signedInUser(t);
    const { cookie } = await signedInUser(t);
    const clash = await putProfile(cookie, { username: taken.username.toUpperCase() });
    expect(clash).toMatchObject({ status: 409, body: { errors: { username: ['This username is taken.'] } } });
    const bad = await putProfile(cookie, { username: 'no spaces!' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.username[0]).toMatch(/3 to 30 characters/);
    const fine = await putProfile(cookie, { username: '  Grace-Hopper-1906 ' });
    expect(fine).toMatchObject({ status: 200, body: { username: 'grace-hopper-1906' } });
  });

  it('needs the right current password to change the e-mail, and counts wrong guesses', async () => {
    const { cookie, email } = await signedInUser(t);
    const missing = await putProfile(cookie, { email: 'new@example.test' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.current_password).toEqual([
      'Enter your current password to change your e-mail or password.',
    ]);
    const wrong = await putProfile(cookie, { email: 'new@example.test', current_password: 'nope-nope' });
    expect(wrong.body.errors.current_password).toEqual(['Current password is incorrect.']);
    expect((await profileOf(cookie)).email).toBe(email);

    // Sending the unchanged e-mail needs no password.
    expect((await putProfile(cookie, { email, company: 'Same Mail Co' })).status).toBe(200);
    // The right password: the address waits for its link (the e-mail change tests follow it through).
    const ok = await putProfile(cookie, {
      email: '  Ada.New@Example.TEST ',
      current_password: TEST_PASSWORD,
    });
    expect(ok).toMatchObject({ status: 200, body: { email, pending_email: 'ada.new@example.test' } });

    for (let i = 0; i < 10; i++)
      await putProfile(cookie, { email: 'x@example.test', current_password: 'bad' });
    const limited = await putProfile(cookie, { email: 'x@example.test', current_password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
  });

  it('counts a current-password guess before checking it: of 12 concurrent wrong ones exactly 5 are checked', async () => {
    const { cookie } = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        putProfile(cookie, {
          password: 'Green-Valley-77',
          password2: 'Green-Valley-77',
          current_password: 'bad',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('changes the password with its confirmation, ending the other sessions but not this one', async () => {
    const user = await signedInUser(t);
    const other = await request(t, {
      method: 'POST',
      url: '/api/auth/login/',
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.77.0.1',
    });
    const otherCookie = `sid=${other.cookies.find((c) => c.name === 'sid')?.value}`;
    const mismatch = await putProfile(user.cookie, {
      password: 'Green-Valley-77',
      password2: 'Green-Valley-78',
      current_password: TEST_PASSWORD,
    });
    expect(mismatch.body.errors.password2).toEqual(['Passwords do not match']);
    const changed = await putProfile(user.cookie, {
      password: 'Green-Valley-77',
      password2: 'Green-Valley-77',
      current_password: TEST_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await profileOf(user.cookie)).email).toBe(user.email);
    const stale = await request(t, { url: '/api/auth/profile/', cookie: otherCookie });
    expect(stale.status).toBe(401);
    const login = await request(t, {
      method: 'POST',
      url: '/api/auth/login/',
      body: { email: user.email, password: 'Green-Valley-77' },
      remoteAddress: '10.77.0.2',
    });
    expect(login.status).toBe(200);
  });

  it('accepts only an http(s) location, and stores a bio with markup as plain text', async () => {
    const { cookie } = await signedInUser(t);
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,hi',
      'ftp://x.y',
    ]) {
      const response = await putProfile(cookie, { location: link, company: 'Should Not Save' });
      expect(response.status).toBe(400);
      expect(response.body.errors.location).toEqual(['Enter a link that starts with http:// or https://.']);
    }
    expect((await profileOf(cookie)).company).toBe('');
    const bio = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    expect((await putProfile(cookie, { bio })).body.bio).toBe(bio);
  });

  it("takes the spec's six social URLs as a view over the links: set, read back, shown publicly, removed", async () => {
    const user = await signedInUser(t);
    const { cookie } = user;
    const set = await putProfile(cookie, {
      github: 'https://github.com/ada',
      linkedin: 'https://www.linkedin.com/in/ada',
      company: 'Engines',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      github: 'https://github.com/ada',
      linkedin: 'https://www.linkedin.com/in/ada',
      facebook: '',
      instagram: '',
      twitter: '',
      youtube: '',
    });
    // One store: the links editor lists them, named for their network.
    expect(set.body.links).toMatchObject([
      { title: 'GitHub', url: 'https://github.com/ada', icon: 'github', enabled: true },
      { title: 'LinkedIn', url: 'https://www.linkedin.com/in/ada', icon: 'linkedin', enabled: true },
    ]);
    const own = await profileOf(cookie);
    expect(own.github).toBe('https://github.com/ada');
    const shown = await request(t, { url: `/api/auth/public-profile/${own.username}/` });
    expect(shown.body).toMatchObject({
      github: 'https://github.com/ada',
      linkedin: own.linkedin,
      youtube: '',
    });

    // A new URL replaces the network's link (keeping its id); an empty one removes it.
    const githubId = set.body.links[0].id;
    const changed = await putProfile(cookie, { github: 'https://github.com/ada-l', linkedin: '' });
    expect(changed.body.links).toMatchObject([{ id: githubId, url: 'https://github.com/ada-l' }]);
    expect(changed.body.linkedin).toBe('');
    const after = await request(t, { url: `/api/auth/public-profile/${own.username}/` });
    expect(after.body).toMatchObject({ github: 'https://github.com/ada-l', linkedin: '' });

    // Only http(s), as every social and location field.
    const bad = await putProfile(cookie, { twitter: 'javascript:alert(1)', github: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.twitter).toEqual(['Enter a link that starts with http:// or https://.']);
    expect((await profileOf(cookie)).github).toBe('https://github.com/ada-l');
  });

  it('no longer takes show_email: what the card shows is a switch now', async () => {
    const { cookie } = await signedInUser(t);
    const response = await putProfile(cookie, { show_email: 'true', company: 'Not Saved' });
    expect(response.status).toBe(400);
    expect(response.body.errors.show_email).toEqual(['Unknown field.']);
    expect((await profileOf(cookie)).company).toBe('');
  });
});

describe('profile photo', () => {
  it('re-encodes a photo as a JPEG without metadata, serves it with caching, and removes the old file', async () => {
    const { cookie } = await signedInUser(t);
    const first = await putProfile(
      cookie,
      {},
      { filename: 'me.jpg', type: 'image/jpeg', data: await jpeg() },
    );
    expect(first.status).toBe(200);
    const photoPath: string = first.body.profile_image;
    expect(photoPath).toMatch(/^\/media\/profiles\/\d+-[0-9a-f]{64}\.jpg$/);

    const served = await request(t, { url: photoPath });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(served.raw).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(stored.exif).toBeUndefined();
    expect(served.raw.includes('Secret Owner')).toBe(false);

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const second = await putProfile(cookie, {}, { filename: 'avatar.png', type: 'image/png', data: png });
    expect(second.status).toBe(200);
    expect(second.body.profile_image).not.toBe(photoPath);
    const kept = async (publicPath: string) => (await t.storage.read(publicPath)) !== undefined;
    expect(await kept(photoPath)).toBe(false);
    expect((await request(t, { url: photoPath })).status).toBe(404);
    expect(await kept(second.body.profile_image)).toBe(true);

    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    // The content decides, not the declared name or type.
    const third = await putProfile(cookie, {}, { filename: 'x.gif', type: 'image/gif', data: webp });
    expect(third.status).toBe(200);
    expect(await kept(second.body.profile_image)).toBe(false);

    // The same picture sent again keeps its path, and is not removed as the "old" one.
    const again = await putProfile(cookie, {}, { filename: 'x.webp', type: 'image/webp', data: webp });
    expect(again.body.profile_image).toBe(third.body.profile_image);
    expect(await kept(third.body.profile_image)).toBe(true);
  });

  const attacks: Array<[string, () => Promise<Photo> | Photo, number, RegExp]> = [
    [
      'an SVG',
      () => ({
        filename: 'me.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      }),
      400,
      /JPEG, PNG or WebP/,
    ],
    [
      'an HTML file named .jpg',
      () => ({
        filename: 'me.jpg',
        type: 'image/jpeg',
        data: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      }),
      400,
      /JPEG, PNG or WebP/,
    ],
    [
      'a truncated JPEG',
      async () => {
        const whole = await sharp({
          create: {
            width: 600,
            height: 600,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        return { filename: 'cut.jpg', type: 'image/jpeg', data: whole.subarray(0, whole.length / 2) };
      },
      400,
      /damaged/,
    ],
    [
      'a PNG whose header claims 30000×30000 pixels',
      () => ({ filename: 'bomb.png', type: 'image/png', data: pngHeader(30000) }),
      400,
      /./,
    ],
    [
      'a 6 MB file',
      async () => ({
        filename: 'big.jpg',
        type: 'image/jpeg',
        data: Buffer.concat([await jpeg(100, 100), Buffer.alloc(6 * 1024 * 1024, 1)]),
      }),
      413,
      /at most 5 MB/,
    ],
  ];

  it.each(attacks)(
    'rejects %s with a clear message and changes nothing',
    async (_, make, status, message) => {
      const { cookie } = await signedInUser(t);
      const before = await putProfile(
        cookie,
        {},
        { filename: 'ok.jpg', type: 'image/jpeg', data: await jpeg(50, 50) },
      );
      const files = await mediaKeys();
      const response = await putProfile(cookie, { company: 'Changed Co' }, await make());
      expect(response.status).toBe(status);
      expect(response.body.detail).toMatch(message);
      expect(response.body.errors.profile_image).toEqual([response.body.detail]);
      const after = await profileOf(cookie);
      expect(after.company).toBe('');
      expect(after.profile_image).toBe(before.body.profile_image);
      expect(await mediaKeys()).toEqual(files);
    },
  );

  it('takes a file only in profile_image', async () => {
    const { cookie } = await signedInUser(t);
    const body = multipart(
      {},
      { field: 'avatar', filename: 'a.jpg', type: 'image/jpeg', data: await jpeg(20, 20) },
    );
    const response = await request(t, {
      method: 'PUT',
      url: '/api/auth/profile/',
      body: body.payload,
      headers: body.headers,
      cookie,
    });
    expect(response.status).toBe(400);
  });
});

describe('public profile', () => {
  it('shows only the public fields, for any visitor', async () => {
    const user = await signedInUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    await putProfile(user.cookie, { job_title: 'Rear Admiral', company: 'US Navy' });
    await request(t, {
      method: 'PUT',
      url: '/api/auth/profile/links/',
      cookie: user.cookie,
      body: {
        links: [{ title: 'LinkedIn', url: 'https://linkedin.com/in/grace', icon: 'linkedin', enabled: true }],
      },
    });
    await request(t, {
      method: 'POST',
      url: '/api/auth/address/',
      cookie: user.cookie,
      body: {
        address: '1 Navy Yard',
        city: 'Arlington',
        state: 'VA',
        country: 'USA',
        postal_code: '22202',
      },
    });
    const response = await request(t, {
      url: `/api/auth/public-profile/${user.username.toUpperCase()}/`,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'username',
        'first_name',
        'last_name',
        'job_title',
        'company',
        'phone',
        'email',
        'location',
        'bio',
        'profile_image',
        'accent',
        'links',
        // The spec's social fields, read from the links.
        'facebook',
        'instagram',
        'twitter',
        'youtube',
        'github',
        'linkedin',
      ].sort(),
    );
    expect(response.body).toMatchObject({
      first_name: 'Grace',
      job_title: 'Rear Admiral',
      company: '',
      accent: 'ocean',
      links: [{ title: 'LinkedIn', url: 'https://linkedin.com/in/grace', icon: 'linkedin' }],
      linkedin: 'https://linkedin.com/in/grace',
      github: '',
    });
    expect(response.body.links[0]).not.toHaveProperty('enabled');
    expect(response.text).not.toMatch(/Navy Yard|US Navy|password|role|public_fields|profile_private/);
  });

  it('keeps the login e-mail off the public card and its vCard until the owner switches it on', async () => {
    const user = await signedInUser(t, { firstName: 'Hedy', lastName: 'Lamarr' });
    const publicCard = async () => {
      const profile = await request(t, {
        url: `/api/auth/public-profile/${user.username}/`,
      });
      const vcard = await request(t, {
        url: `/api/auth/public-profile/${user.username}/vcard/`,
      });
      expect(profile.status).toBe(200);
      expect(vcard.status).toBe(200);
      return { profile: profile.body, profileText: profile.text, vcard: vcard.text };
    };
    const switchTo = (publicFields: string[]) =>
      request(t, {
        method: 'PATCH',
        url: '/api/auth/profile/card/',
        cookie: user.cookie,
        body: { public_fields: publicFields },
      });
    expect(await profileOf(user.cookie)).toMatchObject({ email: user.email, public_fields: ['job_title'] });
    const hidden = await publicCard();
    expect(hidden.profile.email).toBe('');
    expect(hidden.profileText).not.toContain(user.email);
    expect(hidden.vcard).not.toMatch(/^EMAIL/m);
    expect(hidden.vcard).not.toContain(user.email);

    const shown = await switchTo(['job_title', 'email']);
    expect(shown).toMatchObject({ status: 200, body: { public_fields: ['job_title', 'email'] } });
    expect((await publicCard()).profile.email).toBe(user.email);
    expect((await publicCard()).vcard).toContain(`EMAIL;TYPE=INTERNET:${user.email}`);

    // Other changes leave the choice as it is; switching it off hides the address again.
    expect((await putProfile(user.cookie, { company: 'Films, Inc.' })).body.public_fields).toContain('email');
    expect((await switchTo(['job_title'])).body.public_fields).toEqual(['job_title']);
    const again = await publicCard();
    expect(again.profile.email).toBe('');
    expect(again.vcard).not.toContain(user.email);
  });

  it("answers 404 'User not found' for an unknown, malformed or inactive username", async () => {
    const inactive = await signedInUser(t);
    await t.database.db.execute(sql`update users set disabled_at = now() where id = ${inactive.id}`);
    for (const name of ['nobody-here', 'ab', 'x'.repeat(40), '%3Cscript%3E', inactive.username]) {
      for (const suffix of ['', 'vcard/']) {
        const response = await request(t, {
          url: `/api/auth/public-profile/${name}/${suffix}`,
        });
        expect(response.status, `${name}/${suffix}`).toBe(404);
        expect(response.body.detail).toBe('User not found');
      }
    }
  });

  it('hands out the public card as a vCard with the photo inlined', async () => {
    const user = await signedInUser(t, { firstName: 'Zoë', lastName: "O'Brien; Ltd" });
    await putProfile(
      user.cookie,
      { company: 'Acme, Inc.', phone: '+1 555 0100' },
      { filename: 'z.jpg', type: 'image/jpeg', data: await jpeg(200, 200) },
    );
    await request(t, {
      method: 'PATCH',
      url: '/api/auth/profile/card/',
      cookie: user.cookie,
      body: { public_fields: ['company', 'phone', 'job_title'] },
    });
    const response = await request(t, {
      url: `/api/auth/public-profile/${user.username}/vcard/`,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent("Zoë_O'Brien;_Ltd.vcf")}`,
    );
    expect(response.text).toMatch(/\r\n$/);
    const card = new ICAL.Component(ICAL.parse(response.text));
    expect(card.getFirstPropertyValue('fn')).toBe("Zoë O'Brien; Ltd");
    expect(card.getFirstPropertyValue('n')).toEqual(["O'Brien; Ltd", 'Zoë', '', '', '']);
    expect(card.getFirstPropertyValue('org')).toBe('Acme, Inc.');
    expect(card.getFirstPropertyValue('tel')).toBe('+1 555 0100');
    expect(card.getFirstPropertyValue('adr')).toBeNull();
    const photo = Buffer.from(String(card.getFirstPropertyValue('photo')), 'base64');
    expect((await sharp(photo).metadata()).format).toBe('jpeg');
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../common/limits.ts';
import { DESIGN_UPLOAD_MESSAGES } from '../../../common/messages/card-design.ts';
import { designUploads } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, signedInUser } from '../../test/users.ts';
import { picturesOf } from './picture-refs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type File = { filename: string; type: string; data: Buffer };

function upload(cookie: string | undefined, fields: Record<string, string>, file?: File) {
  const form = multipart(fields, file && { field: 'image', ...file });
  return request(t, {
    method: 'POST',
    url: '/api/design-uploads/',
    cookie,
    body: form.payload,
    headers: form.headers,
  });
}

/** A logo: an orange disc on transparent, 2000 px wide. */
const logoPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><circle cx="500" cy="500" r="400" fill="#e4572e"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** A signature photographed on slightly grey paper, as a JPEG. */
const signatureJpeg = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" fill="#eeeeea"/><path d="M40 200 C 120 40, 200 40, 220 200 S 400 80, 760 120" stroke="#1a2a6c" stroke-width="12" fill="none"/></svg>',
    ),
  )
    .jpeg()
    .toBuffer();

describe('design uploads', () => {
  it('keeps a logo as a PNG with its transparency, at most 800 px (and says so), for its owner only', async () => {
    const owner = await signedInUser(t);
    const created = await upload(
      owner.cookie,
      { kind: 'logo' },
      { filename: 'logo.png', type: 'image/png', data: await logoPng() },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'logo',
      width: 800,
      height: 400,
      notice: DESIGN_UPLOAD_MESSAGES.reduced,
    });
    expect(created.body.url).toBe(`/api/design-uploads/${created.body.id}.png`);

    const served = await request(t, { url: created.body.url, cookie: owner.cookie });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/^private/);
    const stored = await sharp(served.raw).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 800, height: 400, hasAlpha: true });
    const corner = await sharp(served.raw).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);

    const stranger = await signedInUser(t);
    const other = await request(t, { url: created.body.url, cookie: stranger.cookie });
    expect(other.status).toBe(404);
    expect(other.raw.includes(Buffer.from('PNG'))).toBe(false);
    expect((await request(t, { url: created.body.url })).status).toBe(401);
    for (const url of [
      '/api/design-uploads/0.png',
      '/api/design-uploads/99999999999.png',
      `/api/design-uploads/${created.body.id}.svg`,
    ]) {
      expect((await request(t, { url, cookie: owner.cookie })).status, url).toBe(404);
    }
    expect((await picturesOf(t.database.db, [created.body.id], stranger.id)).size).toBe(0);
    const pictures = await picturesOf(t.database.db, [created.body.id], owner.id);
    expect(pictures.get(created.body.id)?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('reads a picture once for many cards, and again once it was brought within the cap', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const created = await upload(
      owner.cookie,
      { kind: 'logo' },
      { filename: 'logo.png', type: 'image/png', data: await logoPng() },
    );
    const { id } = created.body as { id: number };
    const first = (await picturesOf(t.database.db, [id], owner.id)).get(id);
    expect(first?.subarray(1, 4).toString()).toBe('PNG');
    // Kept from the last read, and still only for its owner.
    expect((await picturesOf(t.database.db, [id], owner.id)).get(id)).toBe(first);
    expect((await picturesOf(t.database.db, [id], stranger.id)).size).toBe(0);
    // boundUploads replaces a picture with a smaller one: the kept copy is not served again.
    const smaller = await sharp(first).resize(100).png().toBuffer();
    await t.database.db
      .update(designUploads)
      .set({ png: smaller, width: 100, height: 50 })
      .where(eq(designUploads.id, id));
    expect((await picturesOf(t.database.db, [id], owner.id)).get(id)?.equals(smaller)).toBe(true);
  });

  it('turns a signature into ink on transparent', async () => {
    const { cookie } = await signedInUser(t);
    const created = await upload(
      cookie,
      { kind: 'signature' },
      { filename: 'sig.jpg', type: 'image/jpeg', data: await signatureJpeg() },
    );
    expect(created.status).toBe(201);
    const served = await request(t, { url: created.body.url, cookie });
    const { data, info } = await sharp(served.raw).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let paper = 0;
    let ink = 0;
    for (let at = 0; at < data.length; at += 4) {
      if (data[at + 3] === 0) paper++;
      else if ((data[at + 3] ?? 0) > 200 && data[at] === 0) ink++;
    }
    expect(paper / (info.width * info.height)).toBeGreaterThan(0.8);
    expect(ink).toBeGreaterThan(1000);

    const blank = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#fafafa' } })
      .png()
      .toBuffer();
    const empty = await upload(
      cookie,
      { kind: 'signature' },
      { filename: 'blank.png', type: 'image/png', data: blank },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors.image).toEqual([empty.body.detail]);
    expect(empty.body.detail).toMatch(/No signature could be found/);
  });

  const png = () => logoPng();
  const attacks: Array<
    [string, () => Promise<{ fields: Record<string, string>; file?: File }>, number, RegExp]
  > = [
    [
      'an SVG with a script',
      async () => ({
        fields: { kind: 'logo' },
        file: {
          filename: 'logo.png',
          type: 'image/png',
          data: Buffer.from(
            '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><image href="https://evil.example/x.png"/></svg>',
          ),
        },
      }),
      400,
      /^SVG files are not accepted: the logo must be a JPEG, PNG or WebP image\.$/,
    ],
    [
      'a GIF',
      async () => ({
        fields: { kind: 'logo' },
        file: {
          filename: 'a.gif',
          type: 'image/gif',
          data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
        },
      }),
      400,
      /^The logo must be a JPEG, PNG or WebP image\.$/,
    ],
    [
      'a PNG signature followed by garbage that is not a PNG',
      async () => ({
        fields: { kind: 'logo' },
        file: {
          filename: 'x.png',
          type: 'image/png',
          data: Buffer.concat([
            Buffer.from('89504e470d0a1a0a', 'hex'),
            Buffer.from('<html><script>alert(1)</script>'),
          ]),
        },
      }),
      400,
      /./,
    ],
    [
      'a 6 MB file',
      async () => ({
        fields: { kind: 'logo' },
        file: {
          filename: 'big.png',
          type: 'image/png',
          data: Buffer.concat([await png(), Buffer.alloc(MAX_IMAGE_BYTES + 1024 * 1024, 1)]),
        },
      }),
      413,
      /at most 5 MB/,
    ],
    ['no file', async () => ({ fields: { kind: 'logo' } }), 400, /^Choose a picture to upload\.$/],
    [
      'an unknown kind',
      async () => ({
        fields: { kind: 'photo' },
        file: { filename: 'l.png', type: 'image/png', data: await png() },
      }),
      400,
      /logo or a signature/,
    ],
    [
      'an unknown field',
      async () => ({
        fields: { kind: 'logo', user_id: '1' },
        file: { filename: 'l.png', type: 'image/png', data: await png() },
      }),
      400,
      /Unknown field: user_id/,
    ],
  ];

  it.each(attacks)('refuses %s with a clear message and keeps nothing', async (_, make, status, message) => {
    const { cookie, id } = await signedInUser(t);
    const { fields, file } = await make();
    const response = await upload(cookie, fields, file);
    expect(response.status).toBe(status);
    expect(response.body.detail).toMatch(message);
    const kept = await t.database.db.query.designUploads.findMany({
      where: (row, { eq }) => eq(row.userId, id),
    });
    expect(kept).toEqual([]);
  });

  it('re-encodes a polyglot: what follows the image is not kept', async () => {
    const { cookie } = await signedInUser(t);
    const polyglot = Buffer.concat([
      await logoPng(),
      Buffer.from('<script>alert(document.domain)</script>PK\u0003\u0004'),
    ]);
    const created = await upload(
      cookie,
      { kind: 'logo' },
      { filename: 'logo.png', type: 'image/png', data: polyglot },
    );
    expect(created.status).toBe(201);
    const served = await request(t, { url: created.body.url, cookie });
    expect(served.raw.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.raw.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
  });

  it('needs a session and a same-origin request', async () => {
    const file = { field: 'image', filename: 'l.png', type: 'image/png', data: await logoPng() };
    const form = multipart({ kind: 'logo' }, file);
    const anonymous = await request(t, {
      method: 'POST',
      url: '/api/design-uploads/',
      body: form.payload,
      headers: form.headers,
    });
    expect(anonymous.status).toBe(401);
    const { cookie } = await signedInUser(t);
    const crossSite = await request(t, {
      method: 'POST',
      url: '/api/design-uploads/',
      cookie,
      origin: 'https://evil.example',
      body: form.payload,
      headers: form.headers,
    });
    expect(crossSite.status).toBe(403);
  });

  it('limits how many pictures one user uploads in an hour (with their profile photos)', async () => {
    const { cookie } = await signedInUser(t);
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#e4572e' } })
      .png()
      .toBuffer();
    const file = { filename: 'l.png', type: 'image/png', data: tiny };
    for (let sent = 0; sent < 30; sent++)
      expect((await upload(cookie, { kind: 'logo' }, file)).status).toBe(201);
    const refused = await upload(cookie, { kind: 'logo' }, file);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/uploaded many images/);
    expect((await upload((await signedInUser(t)).cookie, { kind: 'logo' }, file)).status).toBe(201);
  });
});

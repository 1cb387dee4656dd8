import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, signedInAdmin } from '../../test/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const jpeg = () =>
  sharp({ create: { width: 2000, height: 1250, channels: 3, background: '#225577' } })
    .jpeg()
    .toBuffer();

async function send(method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, file?: Buffer) {
  const form = multipart(
    fields,
    file ? { field: 'cover_image', filename: 'cover.jpg', type: 'image/jpeg', data: file } : undefined,
  );
  return request(t, { method, url, body: form.payload, headers: form.headers, cookie: admin.cookie });
}

const fields = {
  name: 'Walnut Wood',
  slug: 'walnut-wood',
  sku: 'ic-wal-wd',
  price: '44.50',
  category: 'Walnut',
  description: 'Real walnut, laser engraved.',
  stock: '25',
};

it('creates a card with an uploaded cover, shown on the public catalogue at once', async () => {
  // Read the public list first so it sits in the catalogue cache.
  const before = await request(t, { url: '/api/cards/' });
  expect(before.body.results.map((card: { slug: string }) => card.slug)).not.toContain('walnut-wood');

  const created = await send('POST', '/api/admin/cards/', fields, await jpeg());
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    name: 'Walnut Wood',
    slug: 'walnut-wood',
    sku: 'IC-WAL-WD',
    price: '44.50',
    stock: 25,
    active: true,
  });
  expect(created.body.cover_image).toMatch(/^\/media\/cards\/uploads\/walnut-wood-[0-9a-f]+\.jpg$/);
  const cover = await request(t, { url: created.body.cover_image });
  expect(await sharp(cover.raw).metadata()).toMatchObject({
    format: 'jpeg',
    width: 1200,
    height: 750,
  });

  const after = await request(t, { url: '/api/cards/' });
  expect(after.body.results[0]).toMatchObject({ slug: 'walnut-wood', price: '44.50' });
  expect((await request(t, { url: '/api/cards/walnut-wood/' })).status).toBe(200);

  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(created.body.id)));
  expect(entry).toMatchObject({ action: 'card.create', actorEmail: admin.email, before: null });
  expect(entry?.after).toMatchObject({ sku: 'IC-WAL-WD', price_cents: 4450, stock: 25 });
});

it('draws a cover when none is uploaded, and keeps slug and SKU unique', async () => {
  const created = await send('POST', '/api/admin/cards/', {
    ...fields,
    slug: 'oak-wood',
    sku: 'IC-OAK-WD',
    name: 'Oak',
  });
  expect(created.status).toBe(201);
  expect(created.body.cover_image).toMatch(/\.svg$/);
  expect(created.body.stock).toBe(25);

  const sameSlug = await send('POST', '/api/admin/cards/', { ...fields, sku: 'IC-OTHER-1' });
  expect(sameSlug.status).toBe(409);
  expect(sameSlug.body.errors).toEqual({ slug: ['Another card has this slug.'] });
  const sameSku = await send('POST', '/api/admin/cards/', {
    ...fields,
    slug: 'other-slug',
    sku: 'IC-WAL-WD',
  });
  expect(sameSku.status).toBe(409);
  expect(sameSku.body.errors).toEqual({ sku: ['Another card has this SKU.'] });
});

it('checks every field and the cover the way profile photos are checked', async () => {
  const bad = await send('POST', '/api/admin/cards/', {
    name: '',
    slug: 'Not A Slug',
    sku: 'x',
    price: '12.345',
    category: '',
    stock: '-1',
  });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'name', 'price', 'sku', 'slug', 'stock']);

  const notImage = await send(
    'POST',
    '/api/admin/cards/',
    { ...fields, slug: 'x-1', sku: 'IC-X-1' },
    Buffer.from('<svg/>'),
  );
  expect(notImage.status).toBe(400);
  expect(notImage.body.errors).toEqual({
    cover_image: ['SVG files are not accepted: the image must be a JPEG, PNG or WebP image.'],
  });

  // A SKU that reads as a valid serial would be ambiguous in the verify box.
  const serialLike = await send('POST', '/api/admin/cards/', { ...fields, slug: 'x-2', sku: 'ECD1DD829NKP' });
  expect(serialLike.body.errors.sku).toEqual([
    'This SKU reads as a serial number; add a dash or change a character.',
  ]);
});

it('edits, deactivates and reactivates a card, with before and after in the audit log', async () => {
  const created = await send('POST', '/api/admin/cards/', { ...fields, slug: 'maple', sku: 'IC-MAPLE' });
  const url = `/api/admin/cards/${created.body.id}/`;
  const edited = await send('PATCH', url, { price: '39', stock: '' }, await jpeg());
  expect(edited.status).toBe(200);
  expect(edited.body).toMatchObject({ price: '39.00', stock: null, in_stock: true, name: 'Walnut Wood' });
  expect(edited.body.cover_image).not.toBe(created.body.cover_image);
  // The replaced upload is gone.
  expect((await request(t, { url: created.body.cover_image })).status).toBe(404);

  expect((await send('PATCH', url, { active: 'false' })).body.active).toBe(false);
  expect((await request(t, { url: '/api/cards/maple/' })).status).toBe(404);
  const listed = await request(t, { url: `/api/admin/cards/?search=maple`, cookie: admin.cookie });
  expect(listed.body.results[0]).toMatchObject({ slug: 'maple', active: false });
  expect((await send('PATCH', url, { active: 'true' })).body.active).toBe(true);
  expect((await request(t, { url: '/api/cards/maple/' })).status).toBe(200);

  const entries = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(created.body.id)));
  const priceChange = entries.find((entry) => entry.action === 'card.update');
  expect(priceChange?.before).toMatchObject({ price_cents: 4450, stock: 25 });
  expect(priceChange?.after).toMatchObject({ price_cents: 3900, stock: null });

  expect((await send('PATCH', '/api/admin/cards/999999/', { price: '1' })).status).toBe(404);
  expect((await send('PATCH', url, { slug: 'walnut-wood' })).status).toBe(409);
});

it('sets what a card prints and its pack size, strictly, audited and shown to the shop', async () => {
  const created = await send('POST', '/api/admin/cards/', { ...fields, slug: 'oak-pack', sku: 'IC-OAK-PK' });
  expect(created.body).toMatchObject({ personal_fields: [], pack_size: 1 });
  const url = `/api/admin/cards/${created.body.id}/`;
  const edited = await send('PATCH', url, { personal_fields: 'qr, name,title', pack_size: '5' });
  expect(edited.status).toBe(200);
  // Kept in one order whatever order they were ticked in.
  expect(edited.body).toMatchObject({ personal_fields: ['name', 'title', 'qr'], pack_size: 5 });
  const shop = await request(t, { url: '/api/cards/oak-pack/' });
  expect(shop.body).toMatchObject({ personal_fields: ['name', 'title', 'qr'], pack_size: 5 });

  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(created.body.id)))
    .then((rows) => rows.filter((row) => row.action === 'card.update'));
  expect(entry?.before).toMatchObject({ personal_fields: [], pack_size: 1 });
  expect(entry?.after).toMatchObject({ personal_fields: ['name', 'title', 'qr'], pack_size: 5 });

  for (const [change, field] of [
    [{ personal_fields: 'name,photo' }, 'personal_fields'],
    [{ personal_fields: 'name,name' }, 'personal_fields'],
    [{ personal_fields: 'name;title' }, 'personal_fields'],
    [{ pack_size: '0' }, 'pack_size'],
    [{ pack_size: '51' }, 'pack_size'],
    [{ pack_size: '2.5' }, 'pack_size'],
    [{ pack_size: '-1' }, 'pack_size'],
  ] as const) {
    const refused = await send('PATCH', url, change);
    expect(refused.status, JSON.stringify(change)).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual([field]);
  }
  expect((await send('PATCH', url, { personal_fields: '' })).body.personal_fields).toEqual([]);
  expect((await send('PATCH', url, { pack_sizes: '2' })).body.errors).toEqual({
    pack_sizes: ['Unknown field.'],
  });
});

it('a card refused for its taken slug leaves the cover of the card that has it', async () => {
  const first = await send('POST', '/api/admin/cards/', { ...fields, slug: 'twin', sku: 'IC-TWIN-1' });
  expect(first.status).toBe(201);
  // The same name and design draw the same cover, so the refused card's cover has the same path.
  const refused = await send('POST', '/api/admin/cards/', { ...fields, slug: 'twin', sku: 'IC-TWIN-2' });
  expect(refused.status).toBe(409);
  const cover = await request(t, { url: first.body.cover_image });
  expect(cover.status).toBe(200);
  expect(cover.text).toContain('<svg');
});

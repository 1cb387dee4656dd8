import { Validator } from '@seriousme/openapi-schema-validator';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateProofPdf } from '../modules/proofs/proof-pdf.ts';
import { personalisedOrder } from '../test/personalised-order.ts';
import { request } from '../test/request.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { multipart, signedInAdmin, signedInUser } from '../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Routes a client can call: the catch-all 404 and the files outside the API are not operations. */
function apiRoutes() {
  return t.app.routeList.filter(
    (route) =>
      route.method !== 'HEAD' &&
      (route.url.startsWith('/api/') || route.url === '/healthz' || route.url === '/readyz') &&
      route.url !== '/api/*',
  );
}

it('serves a valid OpenAPI 3.1 document at /api/docs', async () => {
  const response = await request(t, { url: '/api/docs' });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const document = response.body;
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect((await request(t, { url: '/api/docs/' })).text).toBe(response.text);
});

it('documents every route in the route table, with its method', async () => {
  const { paths } = (await request(t, { url: '/api/docs/' })).body;
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(45);
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    expect(paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
  }
});

it('describes inputs from the schemas the handlers parse them with', async () => {
  const { paths } = (await request(t, { url: '/api/docs/' })).body;
  const register = paths['/api/auth/register/'].post;
  const body = register.requestBody.content['application/json'].schema;
  expect(Object.keys(body.properties)).toEqual(
    expect.arrayContaining(['first_name', 'last_name', 'email', 'password', 'password2']),
  );
  expect(register.responses).toHaveProperty('201');
  expect(register.responses).toHaveProperty('400');

  const order = paths['/api/orders/'].post;
  expect(order.security).toEqual([{ session: [] }]);
  expect(order.parameters).toContainEqual(
    expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
  );
  expect(order.responses).toHaveProperty('401');

  const adminUser = paths['/api/admin/users/{id}/'].patch;
  expect(adminUser.responses).toHaveProperty('403');
  expect(adminUser.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  expect(Object.keys(adminUser.requestBody.content['application/json'].schema.properties)).toEqual(
    expect.arrayContaining(['disabled', 'reason', 'role']),
  );

  const photo = paths['/api/auth/profile/'].put.requestBody.content['multipart/form-data'].schema;
  expect(photo.properties).toHaveProperty('profile_image');
  expect(photo.properties).toHaveProperty('first_name');

  const verify = paths['/api/verify/'].get;
  expect(verify.parameters).toContainEqual(expect.objectContaining({ name: 'code', in: 'query' }));
});

it('describes the body of every JSON success answer with a schema', async () => {
  const { paths, components } = (await request(t, { url: '/api/docs/' })).body;
  const unschemed: string[] = [];
  let checked = 0;
  for (const [path, operations] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(
    paths,
  )) {
    // The document describes itself.
    if (path === '/api/docs/') continue;
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
          'application/json'
        ];
        if (!status.startsWith('2') || !json) continue;
        checked++;
        if (!json.schema) unschemed.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  expect(unschemed).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(45);

  // Shared shapes are components, referenced wherever they occur.
  expect(paths['/api/cards/{slug}/'].get.responses['200'].content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/Card',
  });
  expect(components.schemas.Card).toMatchObject({
    type: 'object',
    additionalProperties: false,
    required: expect.arrayContaining(['id', 'slug', 'price', 'in_stock']),
  });
  const verify = paths['/api/verify/'].get.responses;
  expect(verify['404'].content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/VerificationResult',
  });
});

/** The part of an operation in the API document that describes a multipart body. */
interface Operation {
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { contentMediaType?: string }> } }>;
  };
}

/** How to call each documented multipart route for real, and whether its answer shows the uploaded image. */
interface UploadCase {
  method: 'PUT' | 'POST' | 'PATCH';
  signIn(t: TestApp): Promise<{ cookie: string }>;
  /** The path with its parameters filled in (may create what it names). */
  url(t: TestApp, cookie: string): Promise<string>;
  fields: Record<string, string>;
  tookTheImage(body: Record<string, unknown>): boolean;
  /** A file other than the test JPEG (a proof's PDF). */
  file?: () => Promise<{ filename: string; type: string; data: Buffer }>;
}

const card = (slug: string) => ({
  name: `Upload ${slug}`,
  slug,
  sku: `up-${slug}`,
  price: '10.00',
  category: 'Upload',
  description: 'An upload test card.',
  stock: '',
});

/** Uploaded covers are stored as JPEGs under uploads/; a card without one gets a drawn SVG. */
const uploadedCover = (body: Record<string, unknown>) =>
  /\/uploads\/[^/]+\.jpg$/.test(String(body.cover_image));

const uploadCases: Record<string, UploadCase> = {
  'put /api/auth/profile/': {
    method: 'PUT',
    signIn: (t) => signedInUser(t),
    url: async () => '/api/auth/profile/',
    fields: {},
    tookTheImage: (body) => typeof body.profile_image === 'string' && body.profile_image.endsWith('.jpg'),
  },
  'post /api/admin/cards/': {
    method: 'POST',
    signIn: signedInAdmin,
    url: async () => '/api/admin/cards/',
    fields: card('upload-new'),
    tookTheImage: uploadedCover,
  },
  'patch /api/admin/cards/{id}/': {
    method: 'PATCH',
    signIn: signedInAdmin,
    async url(t, cookie) {
      const form = multipart(card('upload-edit'));
      const created = await request(t, {
        method: 'POST',
        url: '/api/admin/cards/',
        body: form.payload,
        headers: form.headers,
        cookie,
      });
      expect(created.status, created.text).toBe(201);
      return `/api/admin/cards/${created.body.id}/`;
    },
    fields: { price: '11.00' },
    tookTheImage: uploadedCover,
  },
  'post /api/admin/orders/{id}/proofs/upload/': {
    method: 'POST',
    signIn: signedInAdmin,
    url: async (t) => `/api/admin/orders/${(await personalisedOrder(t)).order.id}/proofs/upload/`,
    fields: { note: '' },
    tookTheImage: (body) => (body.results as Array<{ source: string }>)[0]?.source === 'uploaded',
    file: async () => ({
      filename: 'proof.pdf',
      type: 'application/pdf',
      data: await generateProofPdf({ order: { number: 'X', version: 1 }, cards: [], pictures: new Map() }),
    }),
  },
  'post /api/admin/bank/statements/': {
    method: 'POST',
    signIn: signedInAdmin,
    url: async () => '/api/admin/bank/statements/',
    fields: {},
    tookTheImage: (body) => body.lines === 1,
    file: async () => ({
      filename: 'statement.csv',
      type: 'text/csv',
      data: Buffer.from(
        'date,amount,currency,reference,name,bank_reference\n2026-11-27,1.00,USD,,,OPENAPI-1\n',
      ),
    }),
  },
  'post /api/design-uploads/': {
    method: 'POST',
    signIn: (t) => signedInUser(t),
    url: async () => '/api/design-uploads/',
    fields: { kind: 'logo' },
    tookTheImage: (body) => typeof body.url === 'string' && body.url.endsWith('.png'),
  },
};

it('names the file field each multipart handler reads: a real upload under the documented name is taken', async () => {
  const { paths }: { paths: Record<string, Record<string, Operation>> } = (
    await request(t, { url: '/api/docs/' })
  ).body;
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const documented: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content?.['multipart/form-data']?.schema;
      if (!schema) continue;
      const key = `${method} ${path}`;
      documented.push(key);
      const fileFields = Object.entries(schema.properties ?? {})
        .filter(([, property]) => property.contentMediaType !== undefined)
        .map(([name]) => name);
      expect(fileFields, key).toHaveLength(1);
      const upload = uploadCases[key];
      if (!upload) continue;
      const { cookie } = await upload.signIn(t);
      const url = await upload.url(t, cookie);
      const file = (await upload.file?.()) ?? { filename: 'upload.jpg', type: 'image/jpeg', data: image };
      const form = multipart(upload.fields, { field: fileFields[0] ?? '', ...file });
      const response = await request(t, {
        method: upload.method,
        url,
        body: form.payload,
        headers: form.headers,
        cookie,
      });
      expect(response.status, `${key}: ${response.text}`).toBeLessThan(300);
      expect(upload.tookTheImage(response.body), `${key} kept the file sent as ${fileFields[0]}`).toBe(true);
    }
  }
  // Every multipart route has a case here, so a new one cannot document a field nobody tried.
  expect(documented.sort()).toEqual(Object.keys(uploadCases).sort());
});

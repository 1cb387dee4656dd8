import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

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
  const response = await t.app.inject('/api/docs');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect((await t.app.inject('/api/docs/')).body).toBe(response.body);
});

it('documents every route in the route table, with its method', async () => {
  const { paths } = (await t.app.inject('/api/docs/')).json();
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(45);
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    expect(paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
  }
});

it('describes inputs from the schemas the handlers parse them with', async () => {
  const { paths } = (await t.app.inject('/api/docs/')).json();
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
  expect(photo.properties).toHaveProperty('photo');
  expect(photo.properties).toHaveProperty('first_name');

  const verify = paths['/api/verify/'].get;
  expect(verify.parameters).toContainEqual(expect.objectContaining({ name: 'code', in: 'query' }));
});

it('describes the body of every JSON success answer with a schema', async () => {
  const { paths, components } = (await t.app.inject('/api/docs/')).json();
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

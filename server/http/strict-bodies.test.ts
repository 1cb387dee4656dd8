import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from '../test/request.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { multipart, signedInAdmin } from '../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

/**
 * Every body the API documents (JSON, or a form where a photo rides along), sent as an admin with one misspelt
 * field beside otherwise empty input: the
 * answer is a 400 that names the field, never a success that quietly ignored it.
 */
it('refuses an unknown field in every request body, naming it', async () => {
  const admin = await signedInAdmin(t);
  const { paths }: { paths: Record<string, Record<string, Operation>> } = (
    await request(t, { url: '/api/docs/' })
  ).body;
  const checked: string[] = [];
  const wrong: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const content = operation.requestBody?.content ?? {};
      const json = 'application/json' in content;
      if (!json && !('multipart/form-data' in content)) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const form = multipart({ misspelt_field: 'x' });
      const response = await request(t, {
        method: method.toUpperCase() as 'POST',
        url,
        body: json ? { misspelt_field: 'x' } : form.payload,
        cookie: admin.cookie,
        headers: { 'idempotency-key': 'strict-body-check-1', ...(json ? {} : form.headers) },
        remoteAddress: '10.77.0.1',
      });
      const label = `${method.toUpperCase()} ${path}`;
      const named = response.body.errors?.misspelt_field?.[0] === 'Unknown field.';
      if (response.status !== 400 || !named) wrong.push(`${label}: ${response.status} ${response.text}`);
      checked.push(label);
    }
  }
  expect(wrong).toEqual([]);
  // Accounts, profile (a form), addresses, orders, quotes, claims, leads and the admin writes (cards as forms).
  expect(checked.length).toBeGreaterThanOrEqual(19);
});

it('names an unknown field called like an object built-in as it names any other', async () => {
  const admin = await signedInAdmin(t);
  const response = await request(t, {
    method: 'PATCH',
    url: `/api/admin/users/${admin.id}/`,
    body: { toString: [1], valueOf: null, hasOwnProperty: 'x' },
    cookie: admin.cookie,
  });
  expect(response.status).toBe(400);
  expect(response.body.errors).toMatchObject({
    toString: ['Unknown field.'],
    valueOf: ['Unknown field.'],
    hasOwnProperty: ['Unknown field.'],
  });
});

it('leads with the unknown field when it is the only problem', async () => {
  const admin = await signedInAdmin(t);
  const response = await request(t, {
    method: 'PATCH',
    url: `/api/admin/users/${admin.id}/`,
    body: { role: 'admin', is_activ: false },
    cookie: admin.cookie,
  });
  expect(response.status).toBe(400);
  expect(response.body).toEqual({
    detail: 'Unknown field: is_activ.',
    code: 'bad_request',
    errors: { is_activ: ['Unknown field.'] },
  });
});

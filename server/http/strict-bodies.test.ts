import { afterAll, beforeAll, expect, it } from 'vitest';
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
  const { paths } = (await t.app.inject('/api/docs/')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const checked: string[] = [];
  const wrong: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const content = operation.requestBody?.content ?? {};
      const json = 'application/json' in content;
      if (!json && !('multipart/form-data' in content)) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const form = multipart({ misspelt_field: 'x' });
      const response = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        url,
        payload: json ? { misspelt_field: 'x' } : form.payload,
        headers: {
          cookie: admin.cookie,
          'idempotency-key': 'strict-body-check-1',
          ...(json ? {} : form.headers),
        },
        remoteAddress: '10.77.0.1',
      });
      const label = `${method.toUpperCase()} ${path}`;
      const named = response.json().errors?.misspelt_field?.[0] === 'Unknown field.';
      if (response.statusCode !== 400 || !named)
        wrong.push(`${label}: ${response.statusCode} ${response.body}`);
      checked.push(label);
    }
  }
  expect(wrong).toEqual([]);
  // Accounts, profile (a form), addresses, orders, quotes, claims, leads and the admin writes (cards as forms).
  expect(checked.length).toBeGreaterThanOrEqual(19);
});

it('leads with the unknown field when it is the only problem', async () => {
  const admin = await signedInAdmin(t);
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${admin.id}/`,
    payload: { role: 'admin', is_activ: false },
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    detail: 'Unknown field: is_activ.',
    code: 'bad_request',
    errors: { is_activ: ['Unknown field.'] },
  });
});

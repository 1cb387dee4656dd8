import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInAdmin } from '../test/users.ts';

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
 * Every body the API documents, sent as an admin with one misspelt field beside otherwise empty input: the
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
      if (!content['application/json']) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const response = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        url,
        payload: { misspelt_field: 'x' },
        headers: { cookie: admin.cookie, 'idempotency-key': 'strict-body-check-1' },
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
  // Accounts, profile, addresses, orders, quotes, claims, leads and the admin writes.
  expect(checked.length).toBeGreaterThanOrEqual(18);
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { blogPosts } from '../../content/blog.ts';
import { services } from '../../content/services.ts';
import { expect, test } from './support/fixtures.ts';
import { pageRoutes } from './support/page-routes.ts';
import { projectRoot } from './support/server-process.ts';

// Stand-ins for parameters; real values where the page looks its parameter up, so the page itself answers.
const params: Record<string, string> = {
  slug: 'x',
  uid: 'x',
  token: 'y',
  username: 'nobody-here',
  serial: 'X',
  id: '1',
};
const known: Record<string, string> = {
  'services/:slug': `services/${services[0]?.slug}`,
  'blog/:slug': `blog/${blogPosts[0]?.slug}`,
  '*': 'no-such-page',
};

/** Pages whose stand-in names nothing: a form that can be read there answers the page's 404. */
const answersNotFound = new Set(['profile/:username']);

const urlOf = (routePath: string) =>
  `/${known[routePath] ?? routePath.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? 'x')}`;

function hasAction(file: string): boolean {
  const source = readFileSync(path.join(projectRoot, 'app', file), 'utf8');
  return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source);
}

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const bodies: { name: string; body: () => BodyInit; type?: string; withAction: number }[] = [
  { name: 'JSON', body: () => '{"message":"hi"}', type: 'application/json', withAction: 415 },
  { name: 'malformed JSON', body: () => '{"message":', type: 'application/json', withAction: 415 },
  { name: 'plain text', body: () => 'hello', type: 'text/plain', withAction: 415 },
  { name: 'XML', body: () => '<a/>', type: 'application/xml', withAction: 415 },
  // Forms without their fields: read, then refused field by field on the page.
  {
    name: 'url-encoded form',
    body: () => 'intent=x',
    type: 'application/x-www-form-urlencoded',
    withAction: 200,
  },
  { name: 'multipart form', body: () => multipart({ intent: 'x' }), withAction: 200 },
  {
    name: 'malformed multipart',
    body: () => '--nope\r\ngarbage',
    type: 'multipart/form-data; boundary=other',
    withAction: 400,
  },
];

const site = () => process.env.E2E_BASE_URL ?? '';

function post(url: string, body: BodyInit, type?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: site() };
  if (type) headers['content-type'] = type;
  return fetch(`${site()}${url}`, { method: 'POST', headers, body, redirect: 'manual' });
}

const all = pageRoutes();

test('the walk covers every page route, and the pages with actions', () => {
  expect(all.length).toBeGreaterThan(30);
  expect(all.filter((page) => hasAction(page.file)).map((page) => page.path)).toEqual([
    'services/:slug',
    'contact',
    'login',
    'forgot-password',
    'reset-password/:uid/:token',
    'profile/:username',
  ]);
});

for (const page of all) {
  const url = urlOf(page.path);
  const action = hasAction(page.file);
  test(`POST ${url} with any body is a 4xx, never a 500`, async () => {
    for (const { name, body, type, withAction } of bodies) {
      for (const target of [url, `${url === '/' ? '/_root' : url}.data`]) {
        const response = await post(target, body(), type);
        const read = withAction === 200 && answersNotFound.has(page.path) ? 404 : withAction;
        const expected = action ? read : 405;
        expect(response.status, `${name} to ${target}`).toBe(expected);
        if (expected === 405) expect(response.headers.get('allow'), target).toBe('GET, HEAD');
      }
    }
    const huge = await post(url, `message=${'x'.repeat(200 * 1024)}`, 'application/x-www-form-urlencoded');
    expect(huge.status).toBe(413);
  });
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../common/messages/requests.ts';
import { listening } from '../test/listening.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signedInAdmin } from '../test/users.ts';

/**
 * Every input the API document describes has a bound, and every JSON route's body limit fits the largest body
 * its schema allows: read from the document the handlers' own schemas build (decision 013), so a new field
 * without `.max()` or a route whose limit is too small for its own fields fails here.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
  $defs?: Record<string, Schema>;
};
interface Operation {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

let t: TestApp;
let base: string;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t);
  paths = await (await fetch(`${base}/api/docs/`)).json();
  paths = (paths as unknown as { paths: typeof paths }).paths;
});
afterAll(async () => {
  await t?.close();
});

const resolve = (schema: Schema, root: Schema): Schema =>
  schema.$ref ? (root.$defs?.[schema.$ref.replace('#/$defs/', '')] ?? {}) : schema;

/** An anchored pattern whose every repetition has an upper bound (`{1,10}`, `?`), so it bounds the length. */
const boundedPattern = (pattern: unknown) =>
  typeof pattern === 'string' &&
  pattern.startsWith('^') &&
  pattern.endsWith('$') &&
  !/(?<!\\)[*+]|\{\d+,\}/.test(pattern);

/** Where `schema` lets a string or an array be as long as the sender likes. */
function unbounded(schema: Schema, root: Schema, at: string): string[] {
  const node = resolve(schema, root);
  const types = [node.type ?? []].flat();
  const found: string[] = [];
  // A file of a form: its bytes are bounded by the form's limits (MULTIPART_LIMITS), not by a length.
  const file = node.contentMediaType !== undefined;
  if (
    types.includes('string') &&
    node.maxLength === undefined &&
    !node.enum &&
    node.const === undefined &&
    !file
  ) {
    if (!boundedPattern(node.pattern)) found.push(`${at}: string without maxLength`);
  }
  if (types.includes('array') && node.maxItems === undefined && !node.prefixItems) {
    found.push(`${at}: array without maxItems`);
  }
  for (const [name, inner] of Object.entries(node.properties ?? {})) {
    found.push(...unbounded(inner, root, `${at}.${name}`));
  }
  if (node.items) found.push(...unbounded(node.items, root, `${at}[]`));
  for (const inner of [...(node.prefixItems ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    found.push(...unbounded(inner, root, at));
  }
  for (const inner of node.allOf ?? []) found.push(...unbounded(inner, root, at));
  return found;
}

/** The longest character UTF-8 has for one UTF-16 unit (what `.max()` counts): 3 bytes. */
const WIDE = '€';

/** The largest value `schema` accepts, as far as size goes (a pattern may still refuse it). */
function largest(schema: Schema, root: Schema): unknown {
  const node = resolve(schema, root);
  const choices = [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  if (choices.length > 0) {
    return choices
      .map((choice) => largest(choice, root))
      .sort((a, b) => JSON.stringify(b ?? null).length - JSON.stringify(a ?? null).length)[0];
  }
  if (node.enum) return [...node.enum].sort((a, b) => String(b).length - String(a).length)[0];
  if (node.const !== undefined) return node.const;
  const types = [node.type ?? []].flat();
  if (types.includes('object') || node.properties) {
    return Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([name, inner]) => [name, largest(inner, root)]),
    );
  }
  if (types.includes('array')) {
    if (node.prefixItems) return node.prefixItems.map((item) => largest(item, root));
    return Array.from({ length: Number(node.maxItems ?? 1) }, () => largest(node.items ?? {}, root));
  }
  // Texts this long are files whose format is ASCII (the serial CSVs).
  const max = Number(node.maxLength ?? 100);
  if (types.includes('string')) return (max > 100_000 ? 'A' : WIDE).repeat(max);
  if (types.includes('number') || types.includes('integer')) return -9007199254740991;
  if (types.includes('boolean')) return false;
  return null;
}

function operations() {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

it('every string and array a request may carry has an upper bound', () => {
  const found: string[] = [];
  for (const { path, method, operation } of operations()) {
    const label = `${method} ${path}`;
    // A path segment longer than the router's `maxParamLength` (200) matches no route: see below.
    for (const parameter of (operation.parameters ?? []).filter((p) => p.in !== 'path')) {
      found.push(
        ...unbounded(parameter.schema, parameter.schema, `${label} ${parameter.in} ${parameter.name}`),
      );
    }
    for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
      found.push(...unbounded(schema, schema, `${label} ${type}`));
    }
  }
  expect(found).toEqual([]);
});

it('a path segment longer than any id, serial or token is refused by the router', async () => {
  for (const path of ['/api/admin/serials/', '/api/team-cards/', '/api/auth/cards/']) {
    const answer = await fetch(`${base}${path}${'A'.repeat(300)}/`);
    expect(answer.status, path).toBeGreaterThanOrEqual(400);
    expect(answer.status, path).toBeLessThan(500);
  }
});

/**
 * The most printed cards an order carries is MAX_PRINTED_PER_ORDER in all, which JSON Schema cannot say (a
 * refinement across lines): the largest real order has them on one line, and the other lines plain.
 */
function asRealOrder(path: string, body: unknown): unknown {
  if (!/^\/api\/orders\/(quote\/)?$/.test(path)) return body;
  const { items, ...rest } = body as { items: { personalisation?: unknown }[] };
  return {
    ...rest,
    items: items.map(({ personalisation, ...line }, n) => (n === 0 ? { ...line, personalisation } : line)),
  };
}

/**
 * As an admin (the admin scope refuses anyone else before reading a body), to ids that name nothing. A form
 * that may carry an image is also taken as a JSON object of its fields (readImageForm).
 */
it('every JSON route takes the largest body its schema allows, and refuses one of 2 MB as too large', async () => {
  const admin = await signedInAdmin(t);
  const refused: string[] = [];
  let checked = 0;
  for (const { path, method, operation } of operations()) {
    const content = operation.requestBody?.content;
    const json = content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema;
    if (!json) continue;
    const url = `${base}${path.replace(/\{[^}]+\}/g, '999999')}`;
    const send = (body: string) =>
      fetch(url, {
        method,
        headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie: admin.cookie },
        body,
      }).then(async (answer) => ({ status: answer.status, text: await answer.text() }));
    const body = JSON.stringify(asRealOrder(path, largest(json, json)));
    const answer = await send(body);
    if (process.env.SHOW_BODY_SIZES) console.log(method, path, Buffer.byteLength(body));
    const shape = [REQUEST_MESSAGES.tooManyValues, REQUEST_MESSAGES.tooDeep, REQUEST_MESSAGES.tooLarge];
    if (answer.status === 413 || shape.some((message) => answer.text.includes(message))) {
      refused.push(`${method} ${path} (${Buffer.byteLength(body)} bytes): ${answer.status} ${answer.text}`);
    }
    const huge = await send(JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }));
    // 401 and 403: the admin scope refuses a stranger before reading any body.
    if (![401, 403, 413].includes(huge.status))
      refused.push(`${method} ${path}: a 2 MB body answered ${huge.status}`);
    checked++;
  }
  expect(refused).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(19);
});

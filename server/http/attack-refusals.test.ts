import { once } from 'node:events';
import { connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from '../test/listening.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 32, point 2: a refusal costs less than the request that caused it. Each attack goes over real HTTP,
 * signed out, to a listening server; the answer is a small 4xx and other visitors are still answered.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t);
});
afterAll(async () => {
  await t?.close();
});

const ORIGIN = 'http://shop.test';

async function postJson(path: string, body: string) {
  const started = performance.now();
  const answer = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body,
  });
  const text = await answer.text();
  return { status: answer.status, text, ms: performance.now() - started };
}

/** 75,000 keys in 0.8 MB: the body that cost 1.3–2.6 s of event loop and a 2 MB answer. */
function manyKeys(count: number): string {
  const entries = Array.from({ length: count }, (_, n) => `"k${n}":1`);
  return `{${entries.join(',')}}`;
}

describe('a JSON body built to be expensive to refuse', () => {
  it('75,000 unknown keys are refused with a small answer, without holding the event loop', async () => {
    const body = manyKeys(75_000);
    expect(body.length).toBeGreaterThan(700_000);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const answer = await postJson('/api/auth/login/', body);
    delay.disable();
    expect([400, 413]).toContain(answer.status);
    expect(answer.text.length).toBeLessThan(4096);
    const parsed = JSON.parse(answer.text);
    expect(parsed).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect(parsed.detail.length).toBeLessThan(200);
    // Generous bounds on a shared machine: before, 1.0–2.5 s each, with a 2 MB answer.
    expect(answer.ms).toBeLessThan(750);
    expect(delay.max / 1e6).toBeLessThan(300);
  });

  // Node closes a connection whose request body was not read when the answer ends, instead of reading and
  // dropping it: a refusal by declared length costs the headers only, however large the body.
  it('a body declared too large is refused at once and its connection closed, so it is never read', async () => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    const declared = 800_000;
    socket.write(
      `POST /api/auth/login/ HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${ORIGIN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n{"k0":1`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    // The server ends the connection without waiting for the other 799,993 bytes.
    await once(socket, 'end');
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"code":"payload_too_large"');
  });

  it('a poisoned prototype is refused by the parser, as Fastify does by default', async () => {
    for (const body of [
      '{"email":"a@example.test","password":"x","__proto__":{"admin":true}}',
      '{"email":"a@example.test","password":"x","constructor":{"prototype":{"admin":true}}}',
    ]) {
      const answer = await postJson('/api/auth/login/', body);
      expect(answer.status, body).toBe(400);
      expect(JSON.parse(answer.text), body).toMatchObject({
        code: 'bad_request',
        detail: 'Malformed JSON body.',
      });
    }
  });

  it('a body small enough to be read but with 1,500 keys is refused before its fields are checked', async () => {
    const body = manyKeys(1_500);
    expect(body.length).toBeLessThan(16 * 1024);
    const answer = await postJson('/api/auth/login/', body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      detail: 'The JSON body has too many fields or items.',
      code: 'payload_too_large',
    });
  });

  it('an error lists at most 20 fields, then says how many more; its detail names five', async () => {
    const fields = `"email":"ana@example.test","password":"Blue-Harbour-42",`;
    const answer = await postJson('/api/auth/login/', manyKeys(98).replace('{', `{${fields}`));
    expect(answer.status).toBe(400);
    const { detail, errors } = JSON.parse(answer.text);
    expect(detail).toMatch(/^Unknown fields: k0, k1, k2, k3, k4 and 93 more\.$/);
    expect(Object.keys(errors)).toHaveLength(21);
    expect(errors.non_field_errors).toEqual(['78 more problems not listed.']);
  });

  it('four such clients at once do not stop another visitor being answered', async () => {
    const body = manyKeys(75_000);
    const attacks = Array.from({ length: 4 }, () => postJson('/api/auth/register/', body));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const health = await fetch(`${base}/healthz`);
    const healthMs = performance.now() - started;
    expect(health.status).toBe(200);
    for (const answer of await Promise.all(attacks)) {
      expect([400, 413]).toContain(answer.status);
      expect(answer.text.length).toBeLessThan(4096);
    }
    // Before: the health check waited for the four refusals, several seconds.
    expect(healthMs).toBeLessThan(1000);
  });

  it('100,000 nested arrays are a 4xx, never a 500 nor a stack overflow', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const answer = await postJson('/api/auth/login/', body);
    expect([400, 413]).toContain(answer.status);
    const object = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const nested = await postJson('/api/auth/login/', object);
    expect([400, 413]).toContain(nested.status);
    // Deep but small enough to be read: refused for its depth, before any schema walks it.
    const deep = await postJson('/api/auth/login/', `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.text).detail).toBe('The JSON body is nested too deeply.');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('an array of 200,000 items is refused before validation with a small answer', async () => {
    const body = JSON.stringify({ email: Array.from({ length: 200_000 }, () => 0), password: 'x' });
    const answer = await postJson('/api/auth/login/', body);
    expect([400, 413]).toContain(answer.status);
    expect(answer.text.length).toBeLessThan(4096);
    expect(answer.ms).toBeLessThan(750);
    // The cart quote (no sign-in needed) validates each line: 200,000 wrong lines must not mean 200,000 errors.
    const lines = JSON.stringify({ items: Array.from({ length: 200_000 }, () => ({ x: 1 })) });
    const quote = await postJson('/api/orders/quote/', lines);
    expect([400, 413]).toContain(quote.status);
    expect(quote.text.length).toBeLessThan(4096);
    expect(quote.ms).toBeLessThan(750);
    // Within the quote's 128 KB: 5,000 lines are read, and refused for their count before any is checked.
    const within = JSON.stringify({ items: Array.from({ length: 5_000 }, () => ({})) });
    expect(within.length).toBeLessThan(128 * 1024);
    const counted = await postJson('/api/orders/quote/', within);
    expect(counted.status).toBe(413);
    expect(JSON.parse(counted.text).detail).toBe('The JSON body has too many fields or items.');
  });
});

import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from '../test/listening.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { multipart, signedInUser } from '../test/users.ts';

/**
 * What a client can hold or make the server read, over raw sockets and real HTTP: slow headers and bodies
 * (slowloris), oversized headers, query strings and forms of many parts. The timeouts are tightened here
 * (SERVER_LIMITS has the real ones) so that hitting them takes seconds.
 */

let t: TestApp;
let base: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { limits: { headersTimeoutMs: 1000, requestTimeoutMs: 1500, connectionsCheckingIntervalMs: 200 } },
  );
  base = await listening(t);
  port = Number(new URL(base).port);
});
afterAll(async () => {
  await t?.close();
});

/** A raw connection that sends `head`, then one byte of `drip` every 200 ms; resolves with what the server said. */
function trickle(head: string, drip: string, giveUpMs: number) {
  return new Promise<{ closed: boolean; answer: string; ms: number }>((resolve) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < drip.length && socket.writable) socket.write(drip[sent++] ?? '');
    }, 200);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, answer, ms: performance.now() - started });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    socket.write(head);
  });
}

describe('slow clients', () => {
  it('a body trickled a byte at a time is cut off with a 408 once the request time is up', async () => {
    const head =
      'POST /api/auth/login/ HTTP/1.1\r\nHost: shop.test\r\nOrigin: http://shop.test\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const slow = trickle(head, '"'.repeat(1000), 8000);
    // Meanwhile others are answered.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const { closed, answer, ms } = await slow;
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(6000);
  });

  it('headers trickled a byte at a time are cut off once the header time is up', async () => {
    const { closed, ms } = await trickle(
      'GET /healthz HTTP/1.1\r\nHost: shop.test\r\n',
      'X-Slow: '.repeat(50),
      8000,
    );
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(6000);
  });
});

describe('oversized headers and query strings', () => {
  it('a 20 KB cookie or 3,000 headers get a 431 from the HTTP parser, and the server answers on', async () => {
    const big = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
      socket.write(`GET /healthz HTTP/1.1\r\nHost: shop.test\r\nCookie: sid=${'a'.repeat(20_000)}\r\n\r\n`);
    });
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, n) => [`x-h${n}`, '1']));
    const refused = await fetch(`${base}/healthz`, { headers: many }).then(
      (answer) => answer.status,
      () => 431,
    );
    expect(refused).toBe(431);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('a query of 1,500 unknown parameters gets a short 400, not one naming each', async () => {
    const user = await signedInUser(t);
    const query = Array.from({ length: 1500 }, (_, n) => `k${n}=1`).join('&');
    const answer = await fetch(`${base}/api/auth/contacts/?${query}`, { headers: { cookie: user.cookie } });
    const text = await answer.text();
    expect(answer.status).toBe(400);
    expect(text.length).toBeLessThan(4096);
  });
});

describe('forms of many parts', () => {
  it('a profile form of 10,000 fields is a short 400, read no further than the parts allowed', async () => {
    const user = await signedInUser(t);
    const fields = Object.fromEntries(Array.from({ length: 10_000 }, (_, n) => [`f${n}`, 'x']));
    const form = multipart(fields);
    const started = performance.now();
    const answer = await fetch(`${base}/api/auth/profile/`, {
      method: 'PUT',
      headers: { ...form.headers, cookie: user.cookie, origin: 'http://shop.test' },
      body: new Uint8Array(form.payload),
    });
    const text = await answer.text();
    expect(answer.status).toBe(400);
    expect(text.length).toBeLessThan(4096);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a form field of 1 MB is refused, not kept', async () => {
    const user = await signedInUser(t);
    const form = multipart({ bio: 'x'.repeat(1024 * 1024) });
    const answer = await fetch(`${base}/api/auth/profile/`, {
      method: 'PUT',
      headers: { ...form.headers, cookie: user.cookie, origin: 'http://shop.test' },
      body: new Uint8Array(form.payload),
    });
    expect([400, 413]).toContain(answer.status);
    expect((await answer.text()).length).toBeLessThan(4096);
  });
});

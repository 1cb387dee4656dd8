import { linkIn, startSmtpCapture } from '../../server/test/smtp-capture.ts';
import { expect, test } from './support/fixtures.ts';
import { freePort, spawnServer, stopServer, tempDataDir, waitUntilReady } from './support/server-process.ts';

// A server killed with SIGKILL while orders stream in: after a restart on the same embedded database,
// every order answered 201 is there, whole, and the stock matches the orders exactly.
test('kill -9 during orders: no acknowledged order lost, none half-written, stock consistent', async () => {
  test.setTimeout(120_000);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const dataDir = await tempDataDir();
  const env = { SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${port}` };
  let server = spawnServer({ port, dataDir, env });
  await waitUntilReady(server);
  const base = server.baseUrl;

  const email = `crash.${Date.now()}@example.test`;
  const password = 'Blue-Harbour-42';
  const json = { 'content-type': 'application/json', origin: base };
  await fetch(`${base}/api/auth/register/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ first_name: 'Kim', last_name: 'Crash', email, password, password2: password }),
  });
  const [uid, token] = new URL(linkIn(await smtp.waitFor(email), '/activate')).pathname.split('/').slice(-2);
  await fetch(`${base}/api/auth/activate/${uid}/${token}/`);
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').match(/sid=[^;]+/)?.[0] ?? '';
  expect(cookie).not.toBe('');
  const headers = { ...json, cookie };
  const address = await (
    await fetch(`${base}/api/auth/address/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        address: '1 Main St',
        city: 'Cork',
        country: 'Ireland',
        postal_code: 'T12 X2YZ',
      }),
    })
  ).json();
  const tracked = await (await fetch(`${base}/api/cards/executive-intro-card-metal-gold/`)).json();
  const untracked = await (await fetch(`${base}/api/cards/classic-intro-card-matte-black/`)).json();
  const initialStock: number = tracked.stock;
  expect(initialStock).toBeGreaterThan(10);

  const acknowledged: number[] = [];
  let stop = false;
  let sent = 0;
  async function orderLoop(worker: number) {
    for (let i = 0; !stop; i++) {
      sent++;
      try {
        const response = await fetch(`${base}/api/orders/`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': `crash-${worker}-${i}-${Date.now()}` },
          body: JSON.stringify({
            address: address.id,
            items: [
              { card: tracked.id, quantity: 1, design: tracked.category },
              { card: untracked.id, quantity: 2, design: untracked.category },
            ],
          }),
        });
        if (response.status === 201) acknowledged.push((await response.json()).id);
      } catch {
        return; // the server is gone
      }
    }
  }
  const loops = Array.from({ length: 6 }, (_, worker) => orderLoop(worker));
  // Kill once some orders are through and more are in flight.
  while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
  server.child.kill('SIGKILL');
  stop = true;
  await Promise.all(loops);
  await server.exited;
  expect(sent).toBeGreaterThan(acknowledged.length);

  server = spawnServer({ port, dataDir, env });
  await waitUntilReady(server);
  try {
    const orders: Array<{
      id: number;
      subtotal: string;
      shipping: string;
      tax: string;
      total: string;
      item_count: number;
      items: Array<{ quantity: number; line_total: string }>;
    }> = [];
    for (let page = 1; ; page++) {
      const answer = await (await fetch(`${base}/api/orders/?page=${page}`, { headers })).json();
      orders.push(...answer.results);
      if (!answer.next) break;
    }
    const ids = new Set(orders.map((order) => order.id));
    for (const id of acknowledged) expect(ids.has(id), `acknowledged order ${id} is missing`).toBe(true);
    for (const order of orders) {
      expect(order.items).toHaveLength(2);
      const cents = order.items.reduce((sum, line) => sum + Math.round(Number(line.line_total) * 100), 0);
      const centsOf = (price: string) => Math.round(Number(price) * 100);
      expect(centsOf(order.subtotal)).toBe(cents);
      expect(centsOf(order.total)).toBe(cents + centsOf(order.shipping) + centsOf(order.tax));
      expect(order.item_count).toBe(3);
    }
    const after = await (await fetch(`${base}/api/cards/executive-intro-card-metal-gold/`)).json();
    expect(after.stock).toBe(initialStock - orders.length);
  } finally {
    await stopServer(server);
    await smtp.close();
  }
});

import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app.ts';

/** Starts the test app on a free port of 127.0.0.1 (real HTTP, as a browser or an attacker reaches it). */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

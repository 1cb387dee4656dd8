import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer, stopServer, waitUntilReady } from './server.ts';

const ticks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const port = await freePort();
const dir = await mkdtemp(path.join(os.tmpdir(), 'cpu-'));
const child = startServer(port, dir);
const base = `http://127.0.0.1:${port}`;
await waitUntilReady(base, child);
const run = (p: string, amount: number) =>
  new Promise((resolve) =>
    autocannon({ url: base + p, connections: 50, amount, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, resolve),
  );
for (const p of ['/api/bench/ping/', '/cards', '/api/cards/?page=1', '/']) {
  await run(p, 5000);
  const results: number[] = [];
  for (let round = 0; round < 3; round++) {
    const before = ticks(child.pid!);
    await run(p, 30000);
    results.push(((ticks(child.pid!) - before) * 10_000) / 30000);
  }
  console.log(`${p}: CPU µs/request ${results.map((r) => r.toFixed(1)).join(' ')}`);
}
await stopServer(child);
await rm(dir, { recursive: true, force: true });

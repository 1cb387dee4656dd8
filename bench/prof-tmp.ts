import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { freePort, root, stopServer, waitUntilReady } from './server.ts';
import { ownerName, seedOwners } from './uncached-data.ts';

const target = process.argv[2] ?? 'card';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prof-'));
await seedOwners(dataDir, undefined, 200);
const port = await freePort();
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--max-old-space-size=256', 'build/node/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', BENCH: '1', BENCH_UNCACHED: '1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
await waitUntilReady(base, child);
let i = 0;
const next = () => (target === 'card' ? `/profile/${ownerName(i++ % 200)}` : `/cards?page=${(i++ % 2) + 1}`);
await new Promise((resolve) =>
  autocannon({ url: base, connections: 10, duration: 15, requests: [{ method: 'GET', path: '/', setupRequest: (r) => ({ ...r, path: next() }) as Request }] }, (e, r) => { console.log(r.requests.average, 'req/s'); resolve(r); }),
);
await stopServer(child);

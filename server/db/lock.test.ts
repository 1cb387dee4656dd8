import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirBusyError } from './lock.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('takes the lock and gives it back', () => {
  const release = acquireDataDirLock(dir);
  expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
  release();
  expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
});

it('refuses while another live process holds it, with one clear line', async () => {
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    writeFileSync(path.join(dir, 'server.lock'), `${holder.pid}\nserver\n`);
    expect(() => acquireDataDirLock(dir, 'serials')).toThrow(DataDirBusyError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`in use by a running server \\(pid ${holder.pid}\\): stop it first`),
    );
  } finally {
    holder.kill('SIGKILL');
  }
});

it('takes over a stale lock left by a killed process', async () => {
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.on('exit', resolve));
  writeFileSync(path.join(dir, 'server.lock'), `${gone.pid}\nserver\n`);
  const release = acquireDataDirLock(dir);
  release();
});

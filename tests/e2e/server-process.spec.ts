import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  freePort,
  runAdminCreate,
  spawnServer,
  startServer,
  stopServer,
  tempDataDir,
  waitUntilReady,
} from './support/server-process.ts';

// These start their own server processes; a browser is not needed.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('SIGTERM lets an in-flight request finish, closes the database and releases the lock', async () => {
  const server = await startServer();
  try {
    const slow = fetch(`${server.baseUrl}/api/bench/ping/?delay_ms=1500`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pong: true });
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(server.dataDir, 'server.lock'))).toBe(false);
  } finally {
    await stopServer(server);
  }
});

test('a second server on the same data directory stops with one clear line', async () => {
  const first = await startServer();
  try {
    const second = spawnServer({ port: await freePort(), dataDir: first.dataDir });
    expect(await second.exited).not.toBe(0);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('in use');
    // The first one is unharmed.
    expect((await fetch(`${first.baseUrl}/readyz`)).status).toBe(200);
  } finally {
    await stopServer(first);
  }
});

test('a server killed with SIGKILL leaves a stale lock that does not block a restart', async () => {
  const first = await startServer();
  first.child.kill('SIGKILL');
  await first.exited;
  expect(existsSync(path.join(first.dataDir, 'server.lock'))).toBe(true);

  const again = spawnServer({ port: await freePort(), dataDir: first.dataDir });
  try {
    await waitUntilReady(again);
    const cards = await (await fetch(`${again.baseUrl}/api/cards/?page=1`)).json();
    // Same data, not seeded twice.
    expect(cards.count).toBe(14);
  } finally {
    await stopServer(again);
  }
});

test('an invalid PORT stops the server with code 1 and exactly one line', async () => {
  const dataDir = await tempDataDir();
  try {
    const server = spawnServer({ port: 'abc', dataDir });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('admin:create waits for the server to stop, then makes an admin who sees the Admin link', async ({
  page,
}) => {
  const server = await startServer();
  const args = ['--email', 'grace@example.test', '--password', 'Admin-Pass-2026', '--first-name', 'Grace'];
  const busy = await runAdminCreate(server.dataDir, args);
  expect(busy.code).toBe(1);
  expect(busy.stderr.trim().split('\n')).toHaveLength(1);
  expect(busy.stderr).toMatch(/in use by a running server/);

  server.child.kill('SIGTERM');
  await server.exited;
  const created = await runAdminCreate(server.dataDir, args);
  expect(created.code).toBe(0);
  expect(created.stdout).toMatch(/Created the admin grace@example.test/);
  // The login link points at the port this site ran on, not the default.
  expect(created.stdout).toContain(`:${new URL(server.baseUrl).port}/login.`);

  const again = spawnServer({ port: await freePort(), dataDir: server.dataDir });
  try {
    await waitUntilReady(again);
    await page.goto(`${again.baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('grace@example.test');
    await form.getByLabel('Password').fill('Admin-Pass-2026');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('link', { name: 'Welcome Grace' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  } finally {
    await stopServer(again);
  }
});

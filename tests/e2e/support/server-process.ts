import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/test/free-port.ts';

export { freePort };

/** Starting a server process on a free port and waiting for /readyz, shared by the setup and the process tests. */

export const projectRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const serverEntry = path.join(projectRoot, 'build', 'node', 'main.js');

export function assertBuildExists(): void {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `No production build at ${serverEntry}: run "npm run build" before the end-to-end tests.`,
    );
  }
}

export async function tempDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
}

/** The environment variable naming the run's migrated and seeded data directory (global-setup.ts). */
const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';

/**
 * A data directory migrated and seeded once per run with `npm run db:migrate`, which each server started by
 * startServer copies: a server on a fresh directory spends seconds on initdb, migrations and the seed.
 */
export async function makeTemplateDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  const made = await runCli('db-migrate.ts', dataDir, []);
  if (made.code !== 0) throw new Error(`db:migrate failed (${made.code}): ${made.stderr}`);
  process.env[TEMPLATE_ENV] = dataDir;
  return dataDir;
}

/** A copy of the run's template data directory, or an empty one outside a run that made it. */
async function preparedDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  const template = process.env[TEMPLATE_ENV];
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Its log on stdout so far (LOG_LEVEL warn unless a test asks for more): why a shutdown was forced. */
  stdout(): string;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
}

/** Starts the production build (`build/node/main.js`) on the embedded database, as `npm run serve` does. */
export function spawnServer(options: {
  port: number | string;
  dataDir: string;
  env?: Record<string, string>;
}): ServerProcess {
  assertBuildExists();
  // The embedded database unless the test itself names a PostgreSQL database.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    BENCH: '1',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--max-old-space-size=256', serverEntry], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    baseUrl: `http://127.0.0.1:${options.port}`,
    dataDir: options.dataDir,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
  };
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}): ${server.stderr()}`);
    try {
      const response = await fetch(`${server.baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`The server was not ready within ${timeoutMs} ms: ${server.stderr()}`);
}

/**
 * A server on a free port and its own copy of the run's prepared data directory, ready to answer. `prepare` runs on the directory
 * before the server starts (e.g. `npm run admin:create`); `env` is given the server's address.
 */
export async function startServer(
  options: {
    env?: (baseUrl: string) => Record<string, string>;
    prepare?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await preparedDataDir();
  await options.prepare?.(dataDir);
  const server = spawnServer({ port, dataDir, env: options.env?.(`http://127.0.0.1:${port}`) });
  await waitUntilReady(server);
  return server;
}

/** Waits until the process with this pid has gone, polling with signal 0. */
export async function waitForExit(pid: number, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** SIGTERM (SIGKILL after 10 s), then the data directory goes. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await server.exited;
    clearTimeout(timer);
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

/** A command of server/cli on a data directory (the embedded database, unless `databaseUrl` is given). */
function runCli(
  script: string,
  dataDir: string,
  args: string[],
  databaseUrl = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/cli/${script}`, ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** `npm run admin:create` on a data directory (the embedded database, unless `databaseUrl` is given). */
export function runAdminCreate(dataDir: string, args: string[], databaseUrl = '') {
  return runCli('admin-create.ts', dataDir, args, databaseUrl);
}

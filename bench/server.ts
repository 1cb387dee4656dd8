/** Starting the production build for a benchmark, watching its memory and stopping it (shared by the benchmarks). */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/test/free-port.ts';

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 60_000;
export const RSS_SAMPLE_MS = 200;
const KILL_GRACE_MS = 5_000;

/** Reads one `kB` field (VmRSS, VmHWM) of /proc/<pid>/status, in bytes; undefined off Linux or once gone. */
export async function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * What `npm run serve` (package.json) and deploy/smartcards.service give the server, for the RSS budget
 * (decisions 005 and 030): a V8 heap ceiling, so V8 collects before growing; a 4 MB young generation on the
 * main thread (16 MB by default); and glibc's malloc giving blocks of 128 KiB and more back to the system when
 * freed, instead of keeping them in its arenas.
 */
export const SERVE_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=4'];
export const SERVE_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

export class RssSampler {
  peak = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  start(): void {
    this.timer = setInterval(() => {
      void procStatusBytes(this.pid, 'VmRSS').then((rss) => {
        if (rss !== undefined && rss > this.peak) this.peak = rss;
      });
    }, RSS_SAMPLE_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export function startServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  /** More flags for node (a CPU profile). */
  nodeFlags: string[] = [],
): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    BENCH: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...SERVE_ENV,
  };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  // The production artefact that `npm start` runs (built by `npm run build`), as `npm run serve` runs it.
  return spawn(process.execPath, [...SERVE_NODE_FLAGS, ...nodeFlags, 'build/node/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

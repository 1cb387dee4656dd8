import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

export interface ServerProcess {
  url: string;
  pid: number;
  /** The process's resident memory now (VmRSS), in MB. */
  rssMb(): number;
  /** Whether it is still running. */
  alive(): boolean;
  /** SIGTERM, then waits for it to end. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug. */
  kill(): Promise<void>;
  /** What it wrote to stderr (a crash's last words). */
  stderr(): string;
}

const ENTRY = fileURLToPath(new URL('./api-process.ts', import.meta.url));

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The API in a process of its own (server/test/api-process.ts) with the production server's heap limit, on a
 * data directory the caller prepared.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: url,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${errors}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${errors}`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssMb() {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      child.kill('SIGTERM');
      await ended(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await ended(child);
    },
    stderr: () => errors,
  };
}

import { rm } from 'node:fs/promises';
import { waitForExit } from './server-process.ts';

/** Stops the server the global setup started (SIGTERM, SIGKILL if it lingers) and removes its data and the template. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    if (!(await waitForExit(pid))) process.kill(pid, 'SIGKILL');
  }
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_TEMPLATE_DATA_DIR]) {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

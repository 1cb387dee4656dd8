import { startServer } from './server-process.ts';

/**
 * One real server for the browser suites. Its address reaches the workers through the environment;
 * its pid and data directory reach the teardown the same way.
 */
export default async function globalSetup(): Promise<void> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_SERVER_PID = String(server.child.pid);
  process.env.E2E_DATA_DIR = server.dataDir;
}

import { makeTemplateDataDir, startServer } from './server-process.ts';

/**
 * The data directory every spec's server copies, and one real server for the browser suites. Their
 * addresses reach the workers through the environment; the pid and directories reach the teardown the same way.
 */
export default async function globalSetup(): Promise<void> {
  await makeTemplateDataDir();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_SERVER_PID = String(server.child.pid);
  process.env.E2E_DATA_DIR = server.dataDir;
}

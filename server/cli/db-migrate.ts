import { ConfigError, loadEnvFile } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { openForTool } from './open-database.ts';

/** `npm run db:migrate`: applies migrations (and the one-time demo seed) without starting the server. */
async function run(): Promise<void> {
  loadEnvFile();
  const tool = await openForTool('db:migrate', process.env);
  console.log(
    `Migrations applied on ${tool.database.kind}${tool.seededCards ? `; seeded ${tool.seededCards} demo cards` : ''}.`,
  );
  await tool.close();
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});

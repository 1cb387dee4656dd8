import { ConfigError, loadEnvFile } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { withTool } from './open-database.ts';

/** `npm run db:migrate`: applies migrations (and the one-time demo seed) without starting the server. */
async function run(): Promise<void> {
  loadEnvFile();
  const { kind, seededCards } = await withTool('db:migrate', process.env, async (tool) => ({
    kind: tool.database.kind,
    seededCards: tool.seededCards,
  }));
  console.log(`Migrations applied on ${kind}${seededCards ? `; seeded ${seededCards} demo cards` : ''}.`);
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});

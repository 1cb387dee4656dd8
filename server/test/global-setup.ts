import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEMPLATES_ENV } from './database-templates.ts';
import { scratchPostgresDatabase } from './scratch-database.ts';

/** Runs make-templates.ts on `target` in its own process (see there why). */
async function makeTemplates(target: string): Promise<void> {
  const script = path.join(import.meta.dirname, 'make-templates.ts');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, target], { timeout: 120_000 });
}

/**
 * Vitest's global setup: the databases every test file copies, made once per run (database-templates.ts).
 * The test workers start after this and inherit the environment it sets.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await scratchPostgresDatabase(serverUrl, 'template');
    await makeTemplates(template.url);
    process.env[TEMPLATES_ENV.postgres] = template.name;
    return () => template.drop();
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-test-templates-'));
  await makeTemplates(folder);
  process.env[TEMPLATES_ENV.pglite] = folder;
  return () => rm(folder, { recursive: true, force: true });
}

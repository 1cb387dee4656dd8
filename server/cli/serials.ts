import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { AppError } from '../errors.ts';
import { batchCsv, generateBatch, ImportError, importBatch } from '../modules/registry/batches.ts';
import { openForTool } from './open-database.ts';

const USAGE = `Usage:
  npm run serials -- generate --sku SKU --count N > batch.csv
  npm run serials -- import batch.csv`;

class UsageError extends Error {}

/** `npm run serials`: make a batch of serials for a SKU (CSV on stdout), or import a CSV of serials. */
async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { sku: { type: 'string' }, count: { type: 'string' } },
  });
  const [command, file] = positionals;
  if (command === 'generate') {
    if (!values.sku || !values.count) throw new UsageError(USAGE);
    const tool = await openForTool('serials');
    try {
      const rows = await generateBatch(tool.database.db, values.sku, Number(values.count));
      process.stdout.write(batchCsv(rows, tool.config.publicUrl));
      console.error(`Generated ${rows.length} serials for ${values.sku}.`);
    } finally {
      await tool.close();
    }
    return;
  }
  if (command === 'import') {
    if (!file) throw new UsageError(USAGE);
    const csv = await readFile(file, 'utf8');
    const tool = await openForTool('serials');
    try {
      const count = await importBatch(tool.database.db, csv);
      console.error(`Imported ${count} serials from ${file}.`);
    } finally {
      await tool.close();
    }
    return;
  }
  throw new UsageError(USAGE);
}

run().catch((error: unknown) => {
  if (error instanceof ImportError) {
    console.error(`Nothing was imported:\n${error.message}`);
  } else {
    const known =
      error instanceof ConfigError ||
      error instanceof DataDirBusyError ||
      error instanceof UsageError ||
      error instanceof AppError;
    console.error(known ? error.message : error);
  }
  process.exit(1);
});

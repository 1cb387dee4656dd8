import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, siteAddressForTools } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { AppError } from '../errors.ts';
import { type BatchRow, batchCsv, generateBatch, importBatch } from '../modules/registry/serials/batches.ts';
import { ImportError } from '../modules/registry/serials/csv-import.ts';
import { secureBatchCsv } from '../modules/registry/sun/provisioning.ts';
import { bindChipUids } from '../modules/registry/sun/provisioning-bind.ts';
import {
  type CardSelection,
  currentKeyRows,
  rekeyRows,
  secureCardsOf,
  startRekey,
} from '../modules/registry/sun/provisioning-cards.ts';
import {
  createKeyFile,
  KeyFileExistsError,
  keyFileCsv,
  MissingMasterKeyError,
  requireMasterKeys,
} from '../modules/registry/sun/provisioning-keys.ts';
import { BatchFileExistsError, type BatchOutput, createBatchFile } from './batch-file.ts';
import type { CommandIo } from './command-io.ts';
import { withTool } from './open-database.ts';

const USAGE = `Usage:
  npm run serials -- generate --sku SKU --count N --out batch.csv
  npm run serials -- generate --sku SKU --count N --sun --keys keys.csv --out batch.csv
  npm run serials -- import batch.csv
  npm run serials -- bind uids.csv [--replace]
  npm run serials -- keys (--serials batch.csv | --sku SKU) --keys keys.csv
  npm run serials -- rekey (--serials batch.csv | --sku SKU) --keys rekey-keys.csv

--sun makes serials for secure NTAG 424 DNA chips; their keys go to the --keys file (mode 0600, never
overwritten, never printed). Without --out the CSV goes to standard output (\`npm run -s\` keeps npm's own
lines out of it). The tap URLs carry PUBLIC_URL, else the address the site last ran at on this DATA_DIR.
See docs/encoding-secure-cards.md.`;

const NO_MASTER_KEY = `No SUN master key is configured: secure cards need SUN_MASTER_KEY_V1 (32 hexadecimal characters) in the server's environment or .env.
Make one with:  openssl rand -hex 16
Keep it only in the server's configuration (and its backup): every secure card's keys derive from it.`;

class UsageError extends Error {}

function selectionOf(values: {
  serials?: string | undefined;
  sku?: string | undefined;
}): Promise<CardSelection> {
  if (values.serials && values.sku) throw new UsageError('Give --serials or --sku, not both.');
  if (values.sku) return Promise.resolve({ sku: values.sku });
  if (values.serials) return readFile(values.serials, 'utf8').then((csv) => ({ csv }));
  throw new UsageError(
    `Say which cards: --serials FILE (a CSV with a serial column) or --sku SKU.\n\n${USAGE}`,
  );
}

function keysPathOf(values: { keys?: string | undefined }, what: string): string {
  if (!values.keys) {
    throw new UsageError(
      `${what} needs --keys FILE: the keys are written there, never to the screen.\n\n${USAGE}`,
    );
  }
  return values.keys;
}

/**
 * `npm run serials`: make a batch of serials for a SKU (CSV on stdout), import a CSV of serials, and for
 * secure chips bind their UIDs, (re)export their key file, or start re-keying them.
 */
async function run(argv: string[], io: CommandIo): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sku: { type: 'string' },
      count: { type: 'string' },
      sun: { type: 'boolean' },
      keys: { type: 'string' },
      serials: { type: 'string' },
      replace: { type: 'boolean' },
      out: { type: 'string' },
    },
  });
  const [command, file] = positionals;
  if (command === 'generate') {
    const { sku, count } = values;
    if (!sku || !count) throw new UsageError(USAGE);
    const keysPath = values.sun ? keysPathOf(values, 'generate --sun') : undefined;
    await withTool('serials', io.env, async (tool) => {
      if (tool.newDatabase) say(io, tool.newDatabase);
      const site = siteAddressForTools(tool.config, io.env);
      const siteAddress = site.url;
      const output = await outputOf(values.out, io);
      let csv: string;
      let done: string;
      try {
        if (!keysPath) {
          const rows = await generateBatch(tool.database.db, sku, Number(count));
          csv = batchCsv(rows, siteAddress);
          done = `Generated ${rows.length} serials for ${sku}`;
        } else {
          ({ csv, done } = await generateSecure(tool, sku, Number(count), keysPath, siteAddress));
        }
      } catch (error) {
        await output.discard();
        throw error;
      }
      await output.write(csv);
      say(io, `${done}${values.out ? ` into ${values.out}` : ''}.`);
      say(io, `Their tap URLs are ${siteAddress}/c/{serial} (${ADDRESS_SOURCES[site.from]}).`);
    });
    return;
  }
  if (command === 'import') {
    if (!file) throw new UsageError(USAGE);
    const csv = await readFile(file, 'utf8');
    await withTool('serials', io.env, async (tool) => {
      if (tool.newDatabase) say(io, tool.newDatabase);
      const count = await importBatch(tool.database.db, csv);
      say(io, `Imported ${count} serials from ${file}.`);
    });
    return;
  }
  if (command === 'bind') {
    if (!file) throw new UsageError(USAGE);
    const csv = await readFile(file, 'utf8');
    await withTool('serials', io.env, async (tool) => {
      if (tool.newDatabase) say(io, tool.newDatabase);
      const result = await bindChipUids(tool.database.db, csv, { replace: values.replace === true });
      say(
        io,
        `Bound ${result.bound} chip ${result.bound === 1 ? 'UID' : 'UIDs'} from ${file}` +
          (result.replaced ? `, replaced ${result.replaced}` : '') +
          (result.unchanged ? `, ${result.unchanged} already bound` : '') +
          (result.skipped
            ? `, ${result.skipped} ${result.skipped === 1 ? 'row' : 'rows'} without a UID skipped`
            : '') +
          '.',
      );
    });
    return;
  }
  if (command === 'keys' || command === 'rekey') {
    const keysPath = keysPathOf(values, command);
    const selection = await selectionOf(values);
    await withTool('serials', io.env, async (tool) => {
      if (tool.newDatabase) say(io, tool.newDatabase);
      const master = tool.config.sunMasterKeys;
      if (master.current === undefined) throw new UsageError(NO_MASTER_KEY);
      const selected = await secureCardsOf(tool.database.db, selection);
      const rows = command === 'keys' ? currentKeyRows(selected) : rekeyRows(master, selected);
      requireMasterKeys(master, rows);
      // The file first: a card marked for re-keying whose new keys were never written could not be re-encoded.
      await (await createKeyFile(keysPath)).write(keyFileCsv(master, rows));
      if (command === 'rekey') {
        await startRekey(tool.database.db, rows);
        say(
          io,
          `${rows.length} cards are being re-keyed to version ${master.current}; old and new keys are in ${keysPath}. Each card's first valid tap under the new keys completes it.`,
        );
      } else {
        say(io, `The keys of ${rows.length} secure cards are in ${keysPath}.`);
      }
    });
    return;
  }
  throw new UsageError(USAGE);
}

type Tool = Parameters<Parameters<typeof withTool>[2]>[0];

/** A secure batch: its serials registered, their keys in the new 0600 key file, its station CSV. */
async function generateSecure(
  tool: Tool,
  sku: string,
  count: number,
  keysPath: string,
  siteAddress: string,
): Promise<{ csv: string; done: string }> {
  const master = tool.config.sunMasterKeys;
  const version = master.current;
  if (version === undefined) throw new UsageError(NO_MASTER_KEY);
  const keyFile = await createKeyFile(keysPath);
  let rows: BatchRow[];
  try {
    rows = await generateBatch(tool.database.db, sku, count, version);
  } catch (error) {
    await keyFile.discard();
    throw error;
  }
  await keyFile.write(
    keyFileCsv(
      master,
      rows.map((row) => ({ serial: row.serial, keyVersion: version })),
    ),
  );
  const csv = secureBatchCsv(
    rows.map((row) => ({ serial: row.serial, sku: row.sku, chipUid: null, sunKeyVersion: version })),
    siteAddress,
  );
  return {
    csv,
    done: `Generated ${rows.length} secure serials for ${sku} (key version ${version}); their keys are in ${keysPath}`,
  };
}

/** The batch's CSV goes to the `--out` file, or to standard output. */
async function outputOf(out: string | undefined, io: CommandIo): Promise<BatchOutput> {
  if (out) return createBatchFile(out);
  return { write: async (csv) => io.out(csv), discard: async () => {} };
}

/** Where the chips' address came from, so a batch meant for the live site is not written with a test one. */
const ADDRESS_SOURCES: Record<ReturnType<typeof siteAddressForTools>['from'], string> = {
  PUBLIC_URL: 'PUBLIC_URL',
  PORT: 'PORT; set PUBLIC_URL for the address visitors use',
  'last start': 'where the site last ran on this DATA_DIR; set PUBLIC_URL to choose another',
  default: 'no site has run on this DATA_DIR and PUBLIC_URL is unset: set it to the address visitors use',
};

/** One line to the tool's user. */
function say(io: CommandIo, line: string): void {
  io.err(`${line}\n`);
}

/**
 * `npm run serials -- …` as a function of its arguments and streams: 0 when it did what it was asked, 1 with
 * the reason on standard error when it refused (nothing changed) or failed.
 */
export async function main(argv: string[], io: CommandIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      // A refused file: `import` keeps its words, the secure-card commands say what they did not do.
      const failure = argv[0] === 'import' ? 'Nothing was imported:' : 'Nothing was changed:';
      say(io, `${failure}\n${error.message}`);
    } else {
      const known =
        error instanceof ConfigError ||
        error instanceof DataDirBusyError ||
        error instanceof UsageError ||
        error instanceof KeyFileExistsError ||
        error instanceof BatchFileExistsError ||
        error instanceof MissingMasterKeyError ||
        error instanceof AppError ||
        // parseArgs' own refusals: an unknown option, a value missing.
        String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
      say(io, known ? (error as Error).message : String((error as Error).stack ?? error));
    }
    return 1;
  }
}

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chipFromKeyRow, tapUrlFromChip } from '../../tests/e2e/support/sun-tap-url.ts';
import { openDatabase } from '../db/client.ts';
import { serials } from '../db/schema/index.ts';
import { decryptPiccData, macMatches } from '../modules/registry/sun/sdm-message.ts';
import { writePreparedDataDir } from '../test/database-templates.ts';
import { runCommand } from '../test/run-command.ts';
import { TEST_SUN_ENV } from '../test/sun-simulator.ts';
import { main } from './serials-command.ts';

type Row = Record<string, string>;
type Failure = { code: number; stdout: string; stderr: string };

let dataDir: string;

/**
 * Whether text holds anything shaped like a key (32 hex characters), leaving out what is known not to be
 * one: the template's zero placeholders and the NDEF file's bytes (the link in hex).
 */
function looksKeyed(text: string): boolean {
  const cleaned = text.replace(/0{32}/g, '').replace(/,[0-9A-F]{4}D1[0-9A-F]+$/gm, '');
  return /[0-9A-Fa-f]{32}/.test(cleaned);
}

/**
 * `npm run serials -- args`, run in this process through the command's `main` (`registry/serials/batches.test.ts`
 * spawns the real entry once): its output, or its failure as execFile would report it.
 */
async function run(args: string[], env: Record<string, string> = TEST_SUN_ENV) {
  const result = await runCommand(main, args, {
    ...process.env,
    SUN_MASTER_KEY_V1: '',
    SUN_MASTER_KEY_V2: '',
    SUN_MASTER_KEY_V3: '',
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  if (result.code !== 0) throw result satisfies Failure;
  return result;
}

const fails = (args: string[], env?: Record<string, string>) =>
  run(args, env).then(
    () => {
      throw new Error(`npm run serials -- ${args.join(' ')} succeeded`);
    },
    (error: Failure) => error,
  );

const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, skip_empty_lines: true });
const file = (name: string) => path.join(dataDir, name);

async function withDb<T>(
  use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run serials for secure (NTAG 424 DNA) cards', () => {
  let batch: Row[];
  let keys: Row[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'serials-sun-'));
    await writePreparedDataDir(dataDir);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses --sun without a master key (saying how to make one) and without --keys', async () => {
    const noKey = await fails(
      ['generate', '--sku', 'IC-CLS-MB', '--count', '2', '--sun', '--keys', file('k0.csv')],
      {},
    );
    expect(noKey.stderr).toContain('No SUN master key is configured');
    expect(noKey.stderr).toContain('openssl rand -hex 16');
    await expect(stat(file('k0.csv'))).rejects.toThrow(/ENOENT/);
    const noFile = await fails(['generate', '--sku', 'IC-CLS-MB', '--count', '2', '--sun']);
    expect(noFile.stderr).toContain('needs --keys FILE');
    expect(noFile.stdout).toBe('');
    const noSku = await fails([
      'generate',
      '--sku',
      'NOPE',
      '--count',
      '2',
      '--sun',
      '--keys',
      file('k1.csv'),
    ]);
    expect(noSku.stderr).toContain('No card has the SKU NOPE.');
    await expect(stat(file('k1.csv'))).rejects.toThrow(/ENOENT/);
  }, 180_000);

  it('generates secure serials: station CSV on stdout, keys only in a 0600 file', async () => {
    const out = await run([
      'generate',
      '--sku',
      'IC-CLS-MB',
      '--count',
      '3',
      '--sun',
      '--keys',
      file('keys.csv'),
    ]);
    expect(looksKeyed(out.stdout + out.stderr)).toBe(false);
    expect(out.stderr).toContain('Generated 3 secure serials for IC-CLS-MB (key version 2)');
    batch = rowsOf(out.stdout);
    await writeFile(file('secure-batch.csv'), out.stdout);
    expect(batch).toHaveLength(3);
    expect(batch[0]).toMatchObject({
      key_version: '2',
      chip_uid: '',
      sdm_options: 'C1',
      sdm_access_rights: 'FF12',
    });
    expect(((await stat(file('keys.csv'))).mode & 0o777).toString(8)).toBe('600');
    keys = rowsOf(await readFile(file('keys.csv'), 'utf8'));
    for (const row of keys) {
      for (const [name, value] of Object.entries(row)) {
        if (name.startsWith('key') && name !== 'key_version') {
          expect(value).toMatch(/^[0-9A-F]{32}$/);
          expect(out.stdout.toUpperCase()).not.toContain(value);
        }
      }
    }
    expect(keys.map((row) => row.serial)).toEqual(batch.map((row) => row.serial));
    expect(Object.keys(keys[0] as Row)).toEqual([
      'serial',
      'key_version',
      'key0_app_master',
      'key1_sdm_meta_read',
      'key2_sdm_file_read',
      'key3',
      'key4',
    ]);
    const again = await fails([
      'generate',
      '--sku',
      'IC-CLS-MB',
      '--count',
      '1',
      '--sun',
      '--keys',
      file('keys.csv'),
    ]);
    expect(again.stderr).toContain('already exists');
    expect(again.stdout).toBe('');
    await withDb(async (db) => {
      const stored = await db
        .select()
        .from(serials)
        .where(eq(serials.serial, batch[0]?.serial as string));
      expect(stored[0]?.sunKeyVersion).toBe(2);
    });
  }, 180_000);

  it('a key file row and the station settings make taps the server accepts for that serial', async () => {
    const row = keys[0] as Row;
    const card = batch[0] as Row;
    const chip = chipFromKeyRow(row, '04A1B2C3D4E5F6');
    const tap = new URL(tapUrlFromChip(card.tap_url_template as string, chip, 7));
    expect(tap.pathname).toBe(`/c/${card.serial}`);
    // The server's side: the serial's keys (from the key file) decrypt and check what the chip sent.
    const data = decryptPiccData(
      chip.keys.sdmMetaRead,
      Buffer.from(tap.searchParams.get('e') as string, 'hex'),
    );
    expect(data).toEqual({ uid: '04A1B2C3D4E5F6', counter: 7 });
    expect(
      macMatches(
        chip.keys.sdmFileRead,
        data as never,
        Buffer.from(tap.searchParams.get('c') as string, 'hex'),
      ),
    ).toBe(true);
    // The documented command prints the same kind of link from the two files.
    const printed = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'tests/e2e/support/sun-tap-url.ts',
      file('secure-batch.csv'),
      file('keys.csv'),
      card.serial as string,
      '9',
    ]);
    const url = new URL(printed.stdout.trim());
    expect(url.origin + url.pathname).toBe(
      `${new URL(card.tap_url_template as string).origin}/c/${card.serial}`,
    );
    expect(
      decryptPiccData(chip.keys.sdmMetaRead, Buffer.from(url.searchParams.get('e') as string, 'hex')),
    ).toEqual({ uid: '04A1B2C3D4E5F6', counter: 9 });
    // Another card's keys do not.
    const other = chipFromKeyRow(keys[1] as Row, '04A1B2C3D4E5F6');
    expect(
      macMatches(
        other.keys.sdmFileRead,
        data as never,
        Buffer.from(tap.searchParams.get('c') as string, 'hex'),
      ),
    ).toBe(false);
  });

  it('binds UIDs: all rows checked first, line numbers, re-binding the same pair, --replace', async () => {
    const [a, b, c] = batch.map((row) => row.serial) as [string, string, string];
    await writeFile(
      file('bad.csv'),
      `serial,uid\n${a},04A1B2C3D4E5F6\n${b},04A1B2C3D4E5F6\nNOT-A-SERIAL,04\n${c},XYZ\n`,
    );
    const bad = await fails(['bind', file('bad.csv')]);
    expect(bad.stderr).toContain('Nothing was changed:');
    expect(bad.stderr).toContain('line 3: UID 04A1B2C3D4E5F6 repeats line 2.');
    expect(bad.stderr).toContain('line 4: "NOT-A-SERIAL" is not a valid serial number.');
    expect(bad.stderr).toContain('line 5: "XYZ" is not a chip UID');
    await withDb(async (db) => {
      const [stored] = await db.select().from(serials).where(eq(serials.serial, a));
      expect(stored?.chipUid).toBeNull();
    });

    // The batch CSV itself, UIDs filled in for the cards encoded so far.
    const filled = ['serial,chip_uid', `${a},04:a1:b2:c3:d4:e5:f6`, `${b},04A1B2C3D4E5F7`, `${c},`].join(
      '\n',
    );
    await writeFile(file('uids.csv'), filled);
    expect((await run(['bind', file('uids.csv')])).stderr).toContain('Bound 2 chip UIDs from');
    expect((await run(['bind', file('uids.csv')])).stderr).toContain('2 already bound');

    await writeFile(file('taken.csv'), `serial,uid\n${c},04A1B2C3D4E5F6\n`);
    expect((await fails(['bind', file('taken.csv')])).stderr).toContain(
      `line 2: UID 04A1B2C3D4E5F6 is already bound to ${a}.`,
    );
    await withDb((db) => db.update(serials).set({ sunCounter: 41 }).where(eq(serials.serial, a)));
    await writeFile(file('replacement.csv'), `serial,uid\n${a},04FFFFFFFFFF01\n`);
    expect((await fails(['bind', file('replacement.csv')])).stderr).toContain(
      `line 2: ${a} is already bound to UID 04A1B2C3D4E5F6 (use --replace for a replacement chip).`,
    );
    expect((await run(['bind', file('replacement.csv'), '--replace'])).stderr).toContain('replaced 1');
    await withDb(async (db) => {
      const [stored] = await db.select().from(serials).where(eq(serials.serial, a));
      expect(stored).toMatchObject({ chipUid: '04FFFFFFFFFF01', sunCounter: null });
    });

    // Saved by a spreadsheet: a byte-order mark, then every cell quoted (LibreOffice's "quote all text cells").
    await writeFile(file('spreadsheet.csv'), `\uFEFF"serial","chip_uid"\r\n"${c}","04A1B2C3D4E5F8"\r\n`);
    expect((await run(['bind', file('spreadsheet.csv')])).stderr).toContain('Bound 1 chip UID from');

    await run(['generate', '--sku', 'IC-CLS-MB', '--count', '1']).then(async ({ stdout }) => {
      const plain = rowsOf(stdout)[0]?.serial;
      await writeFile(file('plain.csv'), `serial,uid\n${plain},04FFFFFFFFFF02\n`);
      expect((await fails(['bind', file('plain.csv')])).stderr).toContain(
        `line 2: ${plain} has no secure chip.`,
      );
    });
  }, 240_000);

  it('re-exports the key file of existing secure cards, never over a file', async () => {
    await writeFile(file('batch.csv'), `serial\n${batch.map((row) => row.serial).join('\n')}\n`);
    const out = await run(['keys', '--serials', file('batch.csv'), '--keys', file('keys-again.csv')]);
    expect(looksKeyed(out.stdout + out.stderr)).toBe(false);
    expect(await readFile(file('keys-again.csv'), 'utf8')).toBe(await readFile(file('keys.csv'), 'utf8'));
    expect((await fails(['keys', '--sku', 'IC-CLS-MB', '--keys', file('keys-again.csv')])).stderr).toContain(
      'already exists',
    );
  }, 180_000);

  it('re-keys: a file with old and new keys, the next version set; refused when already current', async () => {
    const rotated = { ...TEST_SUN_ENV, SUN_MASTER_KEY_V3: '000102030405060708090a0b0c0d0e0f' };
    const refused = await fails(['rekey', '--sku', 'IC-CLS-MB', '--keys', file('rekey.csv')]);
    expect(refused.stderr).toContain('already uses key version 2');
    await expect(stat(file('rekey.csv'))).rejects.toThrow(/ENOENT/);

    const out = await run(['rekey', '--serials', file('batch.csv'), '--keys', file('rekey.csv')], rotated);
    expect(looksKeyed(out.stdout + out.stderr)).toBe(false);
    expect(out.stderr).toContain('3 cards are being re-keyed to version 3');
    expect(((await stat(file('rekey.csv'))).mode & 0o777).toString(8)).toBe('600');
    const rekey = rowsOf(await readFile(file('rekey.csv'), 'utf8'));
    expect(rekey[0]).toMatchObject({ serial: keys[0]?.serial, old_key_version: '2', key_version: '3' });
    expect(rekey[0]?.old_key1_sdm_meta_read).toBe(keys[0]?.key1_sdm_meta_read);
    expect(rekey[0]?.key1_sdm_meta_read).not.toBe(keys[0]?.key1_sdm_meta_read);
    await withDb(async (db) => {
      const [stored] = await db
        .select()
        .from(serials)
        .where(eq(serials.serial, keys[0]?.serial as string));
      expect(stored).toMatchObject({ sunKeyVersion: 2, sunNextKeyVersion: 3 });
    });
    // Without the old master key the old keys cannot be made: refused, nothing written.
    const lost = await fails(['rekey', '--serials', file('batch.csv'), '--keys', file('rekey-2.csv')], {
      SUN_MASTER_KEY_V3: rotated.SUN_MASTER_KEY_V3,
    });
    expect(lost.stderr).toContain('SUN_MASTER_KEY_V2 is not configured');
    await expect(stat(file('rekey-2.csv'))).rejects.toThrow(/ENOENT/);
  }, 180_000);
});

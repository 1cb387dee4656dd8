import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSerial } from '../../../../common/serial-format.ts';
import { serials } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { batchCsv, generateBatch, importBatch } from './batches.ts';
import { ImportError } from './csv-import.ts';
import { generateSerial } from './serial-code.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('batches', () => {
  it('generates random serials for a SKU as CSV, and imports a clean file', async () => {
    const rows = await generateBatch(t.database.db, 'IC-EXE-MG', 25);
    expect(new Set(rows.map((row) => row.serial)).size).toBe(25);
    const csv = batchCsv(rows, 'http://shop.test');
    expect(csv.split('\n')[0]).toBe('serial,sku,tap_url');
    expect(csv.split('\n')[1]).toBe(`${rows[0]?.serial},IC-EXE-MG,http://shop.test/c/${rows[0]?.serial}`);
    await expect(generateBatch(t.database.db, 'NO-SUCH-SKU', 1)).rejects.toThrow(
      'No card has the SKU NO-SUCH-SKU.',
    );
    await expect(generateBatch(t.database.db, 'IC-EXE-MG', 0)).rejects.toThrow(/1 to 10000/);

    const fresh = [generateSerial(), generateSerial()];
    expect(
      await importBatch(
        t.database.db,
        `SKU, Serial\nIC-CLS-MB,${formatSerial(fresh[0] as string)}\nIC-CLS-MB,${fresh[1]}\n`,
      ),
    ).toBe(2);
    const stored = await t.database.db.select().from(serials).where(inArray(serials.serial, fresh));
    expect(stored).toHaveLength(2);
  });

  it('reports every bad row with its line number and imports nothing of that file', async () => {
    const good = generateSerial();
    const dup = generateSerial();
    const typo = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    const csv = [
      'serial,sku',
      `${good},IC-CLS-MB`,
      `${typo},IC-CLS-MB`,
      `${dup},NOPE`,
      `${dup},IC-CLS-MB`,
      'ECD1DD829NKP,IC-CLS-MB',
      `${generateSerial()},`,
    ].join('\n');
    const error = await importBatch(t.database.db, csv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems).toEqual([
      `line 3: "${typo}" is not a valid serial number (12 characters with a valid check character).`,
      'line 4: no card has the SKU NOPE.',
      `line 5: ${dup} repeats line 4.`,
      'line 6: ECD1DD829NKP is already registered.',
      'line 7: the SKU is missing.',
    ]);
    expect(await t.database.db.select().from(serials).where(eq(serials.serial, good))).toEqual([]);
    await expect(importBatch(t.database.db, 'code,product\nX,Y\n')).rejects.toThrow(/header must name/);
    await expect(importBatch(t.database.db, '')).rejects.toThrow(/no rows/);
    await expect(importBatch(t.database.db, 'serial,sku\n"unclosed,IC\n')).rejects.toBeInstanceOf(
      ImportError,
    );
  });

  it('works from the command line: npm run serials -- generate / import', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'serials-cli-'));
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/serials.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      });
    try {
      const generated = await run(['generate', '--sku', 'IC-CLS-MB', '--count', '3']);
      const lines = generated.stdout.trim().split('\n');
      expect(lines[0]).toBe('serial,sku,tap_url');
      expect(lines).toHaveLength(4);
      expect(generated.stderr).toContain('Generated 3 serials for IC-CLS-MB.');
      const bad = path.join(dataDir, 'bad.csv');
      await writeFile(bad, `serial,sku\n${generateSerial()},IC-CLS-MB\nnot-a-serial,IC-CLS-MB\n`);
      const failed = await run(['import', bad]).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain(
        'Nothing was imported:\nline 3: "not-a-serial"',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

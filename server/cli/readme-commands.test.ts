import { exec, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseConfig, rememberSiteAddress } from '../config.ts';
import { writePreparedDataDir } from '../test/database-templates.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let workDir: string;
/** The firm's encoding station makes the batch; the live site imports it. */
let station: string;
let site: string;

/** The serials commands exactly as the README's table gives them. */
async function readmeCommand(start: string): Promise<string> {
  const readme = await readFile(path.join(repo, 'README.md'), 'utf8');
  const command = readme.match(new RegExp(`^\\| \`(${start}[^\`]*)\` \\|`, 'm'))?.[1];
  if (!command) throw new Error(`The README gives no command starting with ${start}`);
  return command;
}

/** A README command run in a shell from the project's directory, as a newcomer pastes it. */
function shell(command: string, dataDir: string) {
  return promisify(exec)(command, {
    cwd: repo,
    env: {
      ...process.env,
      PUBLIC_URL: '',
      PORT: '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
    },
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'readme-commands-'));
  station = path.join(workDir, 'station');
  site = path.join(workDir, 'site');
  for (const dir of [station, site]) {
    await mkdir(dir);
    await writePreparedDataDir(dir);
  }
}, 60_000);

afterAll(() => rm(workDir, { recursive: true, force: true }));

it("writes the README's batch as clean CSV with the site's address, and the README's import takes it", async () => {
  const batch = path.join(workDir, 'batch.csv');
  const generate = (await readmeCommand('PUBLIC_URL=\\S+ npm run serials -- generate'))
    .replace('SKU', 'IC-CLS-MB')
    .replace(' N ', ' 3 ')
    .replace('batch.csv', batch);
  const address = generate.match(/^PUBLIC_URL=(\S+) /)?.[1] as string;
  const generated = await shell(generate, station);
  expect(generated.stderr).toContain(`Their tap URLs are ${address}/c/{serial} (PUBLIC_URL).`);

  const csv = await readFile(batch, 'utf8');
  expect(csv.split('\n')[0]).toBe('serial,sku,tap_url');
  const rows: Record<string, string>[] = parse(csv, { columns: true });
  expect(rows).toHaveLength(3);
  for (const row of rows) expect(row.tap_url).toBe(`${address}/c/${row.serial}`);

  const importing = (await readmeCommand('npm run serials -- import')).replace('batch.csv', batch);
  const imported = await shell(importing, site);
  expect(imported.stderr).toContain(`Imported 3 serials from ${batch}.`);

  // Never over a batch already written: it may be the only copy of serials already on chips.
  const again = await shell(generate, station).catch((error: { code: number; stderr: string }) => error);
  expect(again).toMatchObject({ code: 1 });
  expect((again as { stderr: string }).stderr).toContain(`${batch} already exists`);
}, 60_000);

it('gives tap URLs the address the site last ran at when no PUBLIC_URL is given', async () => {
  rememberSiteAddress(parseConfig({ DATA_DIR: station, PORT: '3200' }));
  const generated = await shell('npm run -s serials -- generate --sku IC-CLS-MB --count 1', station);
  const [row] = parse(generated.stdout, { columns: true }) as Record<string, string>[];
  expect(row?.tap_url).toBe(`http://localhost:3200/c/${row?.serial}`);
  expect(generated.stderr).toContain('where the site last ran on this DATA_DIR');
}, 60_000);

it('says where admin:create is creating a new database when DATA_DIR is unset', async () => {
  const elsewhere = path.join(workDir, 'elsewhere');
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  await mkdir(elsewhere);
  const { DATA_DIR: _unset, ...env } = process.env;
  const created = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      tsx,
      path.join(repo, 'server/cli/admin-create.ts'),
      '--email',
      'boss@example.test',
      '--password',
      'Quiet-Harbour-Lantern-2026',
    ],
    {
      cwd: elsewhere,
      env: { ...env, DATABASE_URL: '', PUBLIC_URL: '', PORT: '', SEED_DEMO: '0', LOG_LEVEL: 'silent' },
    },
  );
  expect(created.stderr).toContain(
    `DATA_DIR is unset and ${path.join(elsewhere, 'data')} holds no database: creating a new one there.`,
  );
  expect(existsSync(path.join(elsewhere, 'data', 'pglite'))).toBe(true);
}, 90_000);

import { mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SUN_ENV } from '../../../test/sun-simulator.ts';
import { cardKeys } from './card-keys.ts';
import { sunMasterKeysFrom } from './master-keys.ts';
import { createKeyFile, KeyFileExistsError, keyFileCsv, MissingMasterKeyError } from './provisioning-keys.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'key-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('key files', () => {
  const { keys: master } = sunMasterKeysFrom(TEST_SUN_ENV);

  it('are 0600 whatever the umask, and never replace a file or follow a planted symlink', async () => {
    const previous = process.umask(0);
    try {
      const file = await createKeyFile(path.join(dir, 'a.csv'));
      await file.write('serial\n');
      expect((await stat(path.join(dir, 'a.csv'))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
    await expect(createKeyFile(path.join(dir, 'a.csv'))).rejects.toBeInstanceOf(KeyFileExistsError);
    expect(await readFile(path.join(dir, 'a.csv'), 'utf8')).toBe('serial\n');

    const target = path.join(dir, 'elsewhere.csv');
    await symlink(target, path.join(dir, 'link.csv'));
    await expect(createKeyFile(path.join(dir, 'link.csv'))).rejects.toBeInstanceOf(KeyFileExistsError);
    await expect(stat(target)).rejects.toThrow(/ENOENT/);

    const discarded = await createKeyFile(path.join(dir, 'b.csv'));
    await discarded.discard();
    await expect(stat(path.join(dir, 'b.csv'))).rejects.toThrow(/ENOENT/);
  });

  it('hold each card its own five keys by key number, and old ones beside new ones when re-keying', () => {
    const serial = 'ABCDEFGHJKMN';
    const v2 = cardKeys(master.key(2) as Buffer, serial);
    const v1 = cardKeys(master.key(1) as Buffer, serial);
    const hex = (key: Buffer) => key.toString('hex').toUpperCase();
    expect(keyFileCsv(master, [{ serial, keyVersion: 2 }])).toBe(
      'serial,key_version,key0_app_master,key1_sdm_meta_read,key2_sdm_file_read,key3,key4\n' +
        `${serial},2,${hex(v2.appMaster)},${hex(v2.sdmMetaRead)},${hex(v2.sdmFileRead)},${hex(v2.spare3)},${hex(v2.spare4)}\n`,
    );
    const rekey = keyFileCsv(master, [{ serial, keyVersion: 2, oldKeyVersion: 1 }]).split('\n');
    expect(rekey[0]).toBe(
      'serial,old_key_version,old_key0_app_master,old_key1_sdm_meta_read,old_key2_sdm_file_read,old_key3,old_key4,key_version,key0_app_master,key1_sdm_meta_read,key2_sdm_file_read,key3,key4',
    );
    expect(rekey[1]?.split(',').slice(0, 3)).toEqual([serial, '1', hex(v1.appMaster)]);
    expect(() => keyFileCsv(master, [{ serial, keyVersion: 3 }])).toThrow(MissingMasterKeyError);
  });
});

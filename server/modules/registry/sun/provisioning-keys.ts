import { createNewFile, type NewFile } from '../../../new-file.ts';
import { type CardKeys, CHIP_KEY_NUMBERS, type ChipKeyName, cardKeys } from './card-keys.ts';
import type { SunMasterKeys } from './master-keys.ts';

const ROLE_SUFFIX: Record<ChipKeyName, string> = {
  appMaster: '_app_master',
  sdmMetaRead: '_sdm_meta_read',
  sdmFileRead: '_sdm_file_read',
  spare3: '',
  spare4: '',
};

/** A key file's columns for one set of keys, named by the chip's key number and the key's role. */
const KEY_COLUMNS = (Object.keys(CHIP_KEY_NUMBERS) as ChipKeyName[]).map(
  (name) => [`key${CHIP_KEY_NUMBERS[name]}${ROLE_SUFFIX[name]}`, name] as const,
);

export class MissingMasterKeyError extends Error {}

function masterKey(keys: SunMasterKeys, version: number): Buffer {
  const key = keys.key(version);
  if (!key) {
    throw new MissingMasterKeyError(
      `SUN_MASTER_KEY_V${version} is not configured on this server: the keys of version ${version} cannot be made.`,
    );
  }
  return key;
}

function keyCells(keys: CardKeys): string[] {
  return KEY_COLUMNS.map(([, name]) => keys[name].toString('hex').toUpperCase());
}

export interface KeyedSerial {
  serial: string;
  /** The version the chip is (to be) encoded with. */
  keyVersion: number;
  /** When re-keying: the version the chip holds now, whose keys authenticate the change. */
  oldKeyVersion?: number;
}

/**
 * The key file for an encoding station: per card, its serial, key version and five keys. With an old
 * version (re-keying), the old keys too, in `old_` columns: the station authenticates with the old key 0
 * and needs each old key to change it (ChangeKey sends old XOR new for keys other than the one in use).
 */
export function keyFileCsv(master: SunMasterKeys, rows: KeyedSerial[]): string {
  const rekeying = rows.some((row) => row.oldKeyVersion !== undefined);
  const header = [
    'serial',
    ...(rekeying ? ['old_key_version', ...KEY_COLUMNS.map(([name]) => `old_${name}`)] : []),
    'key_version',
    ...KEY_COLUMNS.map(([name]) => name),
  ];
  const lines = rows.map((row) => {
    const old =
      row.oldKeyVersion === undefined
        ? []
        : [row.oldKeyVersion, ...keyCells(cardKeys(masterKey(master, row.oldKeyVersion), row.serial))];
    return [
      row.serial,
      ...old,
      row.keyVersion,
      ...keyCells(cardKeys(masterKey(master, row.keyVersion), row.serial)),
    ].join(',');
  });
  return `${header.join(',')}\n${lines.join('\n')}\n`;
}

/** Checks every master key a key file needs before anything is changed or written. */
export function requireMasterKeys(master: SunMasterKeys, rows: KeyedSerial[]): void {
  for (const row of rows) {
    masterKey(master, row.keyVersion);
    if (row.oldKeyVersion !== undefined) masterKey(master, row.oldKeyVersion);
  }
}

export class KeyFileExistsError extends Error {}

/**
 * Creates a key file readable by its owner only (0600), never over an existing file: an old key file
 * silently replaced could be the only copy an operator still needs, and a symlink planted at the path must
 * not redirect keys elsewhere (O_EXCL does not follow it). Created before anything is registered, so a bad
 * path fails while nothing has changed.
 */
export function createKeyFile(path: string): Promise<NewFile> {
  return createNewFile(
    path,
    (taken) => new KeyFileExistsError(`${taken} already exists: choose a new name for the key file.`),
    0o600,
  );
}

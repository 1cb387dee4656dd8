import { createCipheriv, randomBytes } from 'node:crypto';
import { type CardKeys, cardKeys } from '../modules/registry/sun/card-keys.ts';
import { sdmMac } from '../modules/registry/sun/sdm-message.ts';
import { SUN_PARAMS } from '../modules/registry/sun/sun-url.ts';

/** A test master key (any 16 bytes but zeros): what `SUN_MASTER_KEY_V1` is set to for the tests. */
export const TEST_SUN_MASTER_KEY_V1 = '2b7e151628aed2a6abf7158809cf4f3c';
export const TEST_SUN_MASTER_KEY_V2 = '603deb1015ca71be2b73aef0857d7781';

/** The env that configures both test master keys (version 2 is the current one). */
export const TEST_SUN_ENV = {
  SUN_MASTER_KEY_V1: TEST_SUN_MASTER_KEY_V1,
  SUN_MASTER_KEY_V2: TEST_SUN_MASTER_KEY_V2,
} as const;

export interface SimulatedChip {
  serial: string;
  /** 7 bytes, 14 hex characters. */
  uid: string;
  /** The chip's keys: by default diversified from a master key as the encoding station writes them. */
  keys: CardKeys;
}

/** A chip encoded for `serial` with keys diversified from `masterKeyHex` (a test master key by default). */
export function simulatedChip(
  serial: string,
  masterKeyHex: string = TEST_SUN_MASTER_KEY_V2,
  uid = `04${randomBytes(6).toString('hex').toUpperCase()}`,
): SimulatedChip {
  return { serial, uid, keys: cardKeys(Buffer.from(masterKeyHex, 'hex'), serial) };
}

/**
 * What an NTAG 424 DNA configured for SUN (encrypted PICC data, no file data MACed) sends for one read:
 * PICC data `C7 || UID || counter (LE) || random padding` encrypted with key 1, and the SDMMAC under key 2.
 */
export function sunMessage(chip: SimulatedChip, counter: number): { picc: string; mac: string } {
  const counterBytes = Buffer.alloc(3);
  counterBytes.writeUIntLE(counter, 0, 3);
  const plain = Buffer.concat([Buffer.of(0xc7), Buffer.from(chip.uid, 'hex'), counterBytes, randomBytes(5)]);
  const cipher = createCipheriv('aes-128-cbc', chip.keys.sdmMetaRead, Buffer.alloc(16));
  cipher.setAutoPadding(false);
  const picc = Buffer.concat([cipher.update(plain), cipher.final()]);
  const mac = sdmMac(chip.keys.sdmFileRead, { uid: chip.uid, counter });
  return { picc: picc.toString('hex').toUpperCase(), mac: mac.toString('hex').toUpperCase() };
}

/** The URL a phone opens when it reads the chip: `{base}/c/{serial}?e=…&c=…`, as the chip mirrors it. */
export function simulatedTapUrl(base: string, chip: SimulatedChip, counter: number): string {
  const { picc, mac } = sunMessage(chip, counter);
  return `${base}/c/${chip.serial}?${SUN_PARAMS.picc}=${picc}&${SUN_PARAMS.mac}=${mac}`;
}

import { diversifyAes128 } from './key-diversification.ts';

/**
 * The system identifier in every card key's diversification input (AN10922 §2.2 suggests one): keys made
 * for this product never equal keys another system derives from the same master key and serial.
 */
const SYSTEM_IDENTIFIER = Buffer.from('NexaIntroCard', 'ascii');

/**
 * The chip's five application keys, by key number. Keys 1 and 2 are the SDM keys the server needs; 0 (the
 * application master key, which changes keys and settings), 3 and 4 are changed from the factory's zeros so
 * no one else can re-configure the chip, and only the encoding station ever needs them.
 */
export const CHIP_KEY_NUMBERS = {
  appMaster: 0,
  sdmMetaRead: 1,
  sdmFileRead: 2,
  spare3: 3,
  spare4: 4,
} as const;

export type ChipKeyName = keyof typeof CHIP_KEY_NUMBERS;
export type CardKeys = Record<ChipKeyName, Buffer>;

/**
 * One card's keys, diversified from a master key with AN10922 over `key number || serial || system id`.
 * The serial (printed, and in the chip's URL path) is the input, not the UID: the key file can be made
 * before the chip is read, and the meta-read key is known before the PICC data is decrypted.
 */
export function cardKeys(masterKey: Buffer, serial: string): CardKeys {
  const serialBytes = Buffer.from(serial, 'ascii');
  const keyFor = (number: number) =>
    diversifyAes128(masterKey, Buffer.concat([Buffer.of(number), serialBytes, SYSTEM_IDENTIFIER]));
  return {
    appMaster: keyFor(CHIP_KEY_NUMBERS.appMaster),
    sdmMetaRead: keyFor(CHIP_KEY_NUMBERS.sdmMetaRead),
    sdmFileRead: keyFor(CHIP_KEY_NUMBERS.sdmFileRead),
    spare3: keyFor(CHIP_KEY_NUMBERS.spare3),
    spare4: keyFor(CHIP_KEY_NUMBERS.spare4),
  };
}

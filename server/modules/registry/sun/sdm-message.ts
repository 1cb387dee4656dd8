import { createDecipheriv, timingSafeEqual } from 'node:crypto';
import { aesCmac } from './aes-cmac.ts';

/**
 * The first byte of the decrypted PICC data for a chip mirroring its 7-byte UID and its read counter
 * (AN12196 §3.4.2.2: bit 7 UID mirrored, bit 6 counter mirrored, low nibble the UID's length).
 */
const PICC_DATA_TAG = 0xc7;
/** SV2's fixed prefix for the SDM session MAC key (AN12196 §3.4.4.1). */
const SV2_PREFIX = Buffer.from('3CC300010080', 'hex');

export interface PiccData {
  /** The chip's 7-byte UID, upper-case hex. */
  uid: string;
  /** SDMReadCtr: the chip's read counter, 0 to 16,777,215. */
  counter: number;
}

/**
 * Decrypts the encrypted PICC data of a tap (AES-128-CBC, zero IV, the SDM meta-read key). Undefined when it
 * is not 16 bytes or does not decrypt to a UID-and-counter record: a forged or mistyped message.
 */
export function decryptPiccData(metaReadKey: Buffer, encrypted: Buffer): PiccData | undefined {
  if (encrypted.length !== 16) return undefined;
  const decipher = createDecipheriv('aes-128-cbc', metaReadKey, Buffer.alloc(16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  if (plain[0] !== PICC_DATA_TAG) return undefined;
  return { uid: plain.subarray(1, 8).toString('hex').toUpperCase(), counter: plain.readUIntLE(8, 3) };
}

/**
 * SDMMAC for a chip that MACs no file data (SDMMACInputOffset = SDMMACOffset): the session key is the CMAC
 * of SV2 = prefix || UID || counter (little-endian) under the SDM file-read key; the MAC is the CMAC of the
 * empty message under that key, truncated to its odd-indexed bytes (AN12196 §3.4.4.2).
 */
export function sdmMac(fileReadKey: Buffer, picc: PiccData): Buffer {
  const counter = Buffer.alloc(3);
  counter.writeUIntLE(picc.counter, 0, 3);
  const sv2 = Buffer.concat([SV2_PREFIX, Buffer.from(picc.uid, 'hex'), counter]);
  const sessionKey = aesCmac(fileReadKey, sv2);
  const full = aesCmac(sessionKey, Buffer.alloc(0));
  return Buffer.from(full.filter((_, index) => index % 2 === 1));
}

/** Whether `mac` is the chip's SDMMAC for this PICC data, compared in constant time. */
export function macMatches(fileReadKey: Buffer, picc: PiccData, mac: Buffer): boolean {
  const expected = sdmMac(fileReadKey, picc);
  return mac.length === expected.length && timingSafeEqual(mac, expected);
}

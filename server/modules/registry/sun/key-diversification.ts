import { aesCmac } from './aes-cmac.ts';

/** AN10922's diversification constant for an AES-128 key. */
const AES128_DIV_CONSTANT = 0x01;

/**
 * NXP AN10922 §2.2: an AES-128 key diversified from a master key and up to 31 bytes of input (what makes the
 * key one card's own). The CMAC of `0x01 || input` under the master key: RFC 4493 pads a short input exactly
 * as the note's "padding then XOR with K2" step does, so one CMAC call is the whole algorithm.
 */
export function diversifyAes128(masterKey: Buffer, input: Buffer): Buffer {
  if (masterKey.length !== 16) throw new Error('An AES-128 master key is 16 bytes');
  if (input.length < 1 || input.length > 31) throw new Error('Diversification input is 1 to 31 bytes');
  return aesCmac(masterKey, Buffer.concat([Buffer.of(AES128_DIV_CONSTANT), input]));
}

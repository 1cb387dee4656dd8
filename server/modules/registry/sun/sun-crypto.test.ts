import { describe, expect, it } from 'vitest';
import { aesCmac } from './aes-cmac.ts';
import { cardKeys } from './card-keys.ts';
import { diversifyAes128 } from './key-diversification.ts';
import { decryptPiccData, macMatches, sdmMac } from './sdm-message.ts';

const hex = (value: string) => Buffer.from(value.replace(/\s/g, ''), 'hex');
const ZERO_KEY = Buffer.alloc(16);

describe('AES-CMAC (RFC 4493 §4 test vectors)', () => {
  const key = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
  const message = hex(
    `6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51
     30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710`,
  );
  it.each([
    [0, 'bb1d6929 e9593728 7fa37d12 9b756746'],
    [16, '070a16b4 6b4d4144 f79bdd9d d04a287c'],
    [40, 'dfa66747 de9ae630 30ca3261 1497c827'],
    [64, '51f0bebf 7e3b9d92 fc497417 79363cfe'],
  ])('a %i-byte message', (length, mac) => {
    expect(aesCmac(key, message.subarray(0, length)).toString('hex')).toBe(mac.replace(/\s/g, ''));
  });
});

describe('AN10922 AES-128 key diversification (§2.2.1 example)', () => {
  it('diversifies the note master key with UID, AID and system identifier into its published key', () => {
    const master = hex('00112233445566778899AABBCCDDEEFF');
    const input = hex('04782E21801D80 3042F5 4E585020416275');
    expect(diversifyAes128(master, input).toString('hex').toUpperCase()).toBe(
      'A8DD63A3B89D54B37CA802473FDA9175',
    );
  });

  it('refuses a master key that is not AES-128 and an input the note does not allow', () => {
    expect(() => diversifyAes128(Buffer.alloc(24), hex('01'))).toThrow();
    expect(() => diversifyAes128(ZERO_KEY, Buffer.alloc(0))).toThrow();
    expect(() => diversifyAes128(ZERO_KEY, Buffer.alloc(32))).toThrow();
  });

  it('gives every card and every key number its own key', () => {
    const master = hex('5A'.repeat(16));
    const a = cardKeys(master, 'ABCDEFGHJKMN');
    const b = cardKeys(master, 'ABCDEFGHJKMP');
    const all = [...Object.values(a), ...Object.values(b)].map((key) => key.toString('hex'));
    expect(new Set(all).size).toBe(10);
    expect(cardKeys(master, 'ABCDEFGHJKMN').sdmFileRead.equals(a.sdmFileRead)).toBe(true);
  });
});

describe('SUN messages (AN12196 examples)', () => {
  it('decrypts the §3.4.2.2 PICC data and checks its SDMMAC (encrypted PICC data, no file data MACed)', () => {
    // https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086, all keys zero
    const picc = decryptPiccData(ZERO_KEY, hex('EF963FF7828658A599F3041510671E88'));
    expect(picc).toEqual({ uid: '04DE5F1EACC040', counter: 61 });
    if (!picc) return;
    expect(sdmMac(ZERO_KEY, picc).toString('hex').toUpperCase()).toBe('94EED9EE65337086');
    expect(macMatches(ZERO_KEY, picc, hex('94EED9EE65337086'))).toBe(true);
  });

  it('computes the SDMMAC of the plain (mirrored UID and counter) example', () => {
    // UID 041E3C8A2D6B80 and counter 000006 mirrored as ASCII: the counter reads most significant byte first.
    const picc = { uid: '041E3C8A2D6B80', counter: 6 };
    expect(sdmMac(ZERO_KEY, picc).toString('hex').toUpperCase()).toBe('4B00064004B0B3D3');
    expect(macMatches(ZERO_KEY, picc, hex('AB00064004B0B3AB'))).toBe(false);
  });

  it('rejects PICC data under another key, of the wrong length, or a MAC for another counter', () => {
    expect(decryptPiccData(hex('01'.repeat(16)), hex('EF963FF7828658A599F3041510671E88'))).toBeUndefined();
    expect(decryptPiccData(ZERO_KEY, hex('EF963FF7828658A599F3041510671E'))).toBeUndefined();
    const picc = { uid: '04DE5F1EACC040', counter: 62 };
    expect(macMatches(ZERO_KEY, picc, hex('94EED9EE65337086'))).toBe(false);
    expect(macMatches(ZERO_KEY, picc, hex('94EED9EE653370'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatSerial } from '../../../../common/serial-format.ts';
import { checkCharacter, compactCode, generateSerial, hasValidCheck, serialShape } from './serial-code.ts';

describe('serial codes', () => {
  it('generates 12 base32 characters with a valid check character, never the same twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const serial = generateSerial();
      expect(serial).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(hasValidCheck(serial)).toBe(true);
      seen.add(serial);
    }
    expect(seen.size).toBe(2000);
  });

  it('catches every single mistyped character and every swap of different neighbours', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let round = 0; round < 50; round++) {
      const serial = generateSerial();
      for (let i = 0; i < serial.length; i++) {
        for (const char of alphabet) {
          if (char === serial[i]) continue;
          const typo = serial.slice(0, i) + char + serial.slice(i + 1);
          expect(hasValidCheck(typo), typo).toBe(false);
        }
      }
      for (let i = 0; i < serial.length - 1; i++) {
        const [a, b] = [serial[i], serial[i + 1]];
        if (a === b) continue;
        const swapped = serial.slice(0, i) + b + a + serial.slice(i + 2);
        // Luhn mod N misses only the swap of the pair whose values sum to N-1 in the doubled position.
        const values = [alphabet.indexOf(a as string), alphabet.indexOf(b as string)];
        if (values[0] !== undefined && values[1] !== undefined && values[0] + values[1] === 31) continue;
        expect(hasValidCheck(swapped), swapped).toBe(false);
      }
    }
  });

  it('reads typed codes the way Crockford base32 does', () => {
    expect(compactCode('  abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(serialShape('ABCDEFGHJKMO')).toBe('ABCDEFGHJKM0');
    expect(serialShape('I0L0I0L0I0L0')).toBe('101010101010');
    expect(serialShape('IC-CLS-MB')).toBeUndefined();
    expect(serialShape('ABCDEFGHJKMNP')).toBeUndefined();
    expect(serialShape('ABCDEFGHJKMU')).toBeUndefined();
    expect(formatSerial('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
    expect(checkCharacter('00000000000')).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing, one at a time', () => {
  it('answers every one of a burst of hashes and checks, and a failed check gives its turn back', async () => {
    const stored = await hashPassword('Burst-Pass-42');
    const answers = await Promise.all([
      verifyPassword('not an argon2 hash', 'Burst-Pass-42'),
      verifyPassword(stored, 'Burst-Pass-42'),
      verifyPassword(stored, 'wrong-password'),
      hashPassword('Another-Pass-42').then((other) => verifyPassword(other, 'Another-Pass-42')),
      verifyPassword(stored, 'Burst-Pass-42'),
    ]);
    expect(answers).toEqual([false, true, false, true, true]);
  });
});

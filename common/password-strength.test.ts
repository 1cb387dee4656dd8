import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../server/test/users.ts';
import {
  loadStrengthEstimator,
  ownWords,
  PASSWORD_ADVICE,
  PASSWORD_TOO_WEAK,
  type StrengthEstimator,
  tooWeakMessage,
} from './password-strength.ts';

let estimate: StrengthEstimator;
beforeAll(async () => {
  estimate = await loadStrengthEstimator();
});

const jane = ownWords('Jane Doe', 'jane.doe@example.test');

describe('the password strength rule', () => {
  it.each([
    ['aaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['        ', 'Repeated characters like "aaa" are easy to guess.'],
    ['password1', 'This is a commonly used password.'],
    ['Nexa Digital', 'It should not contain your name, your e-mail address or "Nexa Digital".'],
    ['nexadigital', 'It should not contain your name, your e-mail address or "Nexa Digital".'],
    ['Jane Doe', 'It should not contain your name, your e-mail address or "Nexa Digital".'],
    ['JaneDoe123', 'It should not contain your name, your e-mail address or "Nexa Digital".'],
    ['jane.doe@example.test', 'It should not contain your name, your e-mail address or "Nexa Digital".'],
  ])('refuses %j and says why', (password, why) => {
    const strength = estimate(password, jane);
    expect(strength.acceptable).toBe(false);
    expect(strength.label).toBe('weak');
    expect(tooWeakMessage(strength)).toBe(`${PASSWORD_TOO_WEAK} ${why} ${PASSWORD_ADVICE}`);
  });

  it('counts a name as weak only for its owner', () => {
    expect(estimate('Jane-Doe-1', jane).acceptable).toBe(false);
    expect(estimate('Jane-Doe-1', ownWords('Ada Lovelace', 'ada@example.test')).acceptable).toBe(true);
  });

  it.each([TEST_PASSWORD, 'velvet cactus lantern pebble', 'orbit-tundra-mosaic-lemon'])(
    'accepts %j',
    (password) => {
      const strength = estimate(password, jane);
      expect(strength).toMatchObject({ acceptable: true, advice: [] });
      expect(['good', 'strong']).toContain(strength.label);
    },
  );

  it('judges a 128-character password quickly, on its first 64 characters', () => {
    const long = `${'aaaa'.repeat(16)}${'Q7#v'.repeat(16)}`;
    const started = performance.now();
    expect(estimate(long, jane).acceptable).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('lists the e-mail local part, the name run together and the firm as own words', () => {
    expect(jane).toEqual(
      expect.arrayContaining(['jane', 'doe', 'janedoe', 'jane.doe', 'nexa', 'digital', 'nexadigital']),
    );
  });
});

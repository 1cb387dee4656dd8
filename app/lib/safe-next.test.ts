import { expect, it } from 'vitest';
import { safeNext } from './safe-next';

it.each([
  [null, '/profile'],
  ['', '/profile'],
  ['/checkout', '/checkout'],
  ['/cards?page=2#top', '/cards?page=2#top'],
  ['https://evil.example', '/profile'],
  ['//evil.example', '/profile'],
  ['/\\evil.example', '/profile'],
  ['\\\\evil.example', '/profile'],
  ['javascript:alert(1)', '/profile'],
  ['/\t/evil.example', '/profile'],
  ['evil.example', '/profile'],
  ['/.//evil.example', '/profile'],
  ['/a/..//evil.example', '/profile'],
  ['/./checkout', '/checkout'],
])('safeNext(%s) is %s', (next, expected) => {
  expect(safeNext(next)).toBe(expected);
});

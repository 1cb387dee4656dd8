import { expect, it } from 'vitest';
import { loginPath, safeNext } from './safe-next';

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

it('builds the login path that returns to a page', () => {
  expect(loginPath('/checkout')).toBe('/login?next=%2Fcheckout');
  expect(loginPath('/cards?page=2')).toBe('/login?next=%2Fcards%3Fpage%3D2');
  expect(loginPath('')).toBe('/login');
  expect(loginPath()).toBe('/login');
});

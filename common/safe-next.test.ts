import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './safe-next.ts';

/**
 * Open-redirect payloads in the spirit of the public lists (PayloadsAllTheThings "Open Redirect",
 * OWASP's unvalidated-redirects cheat sheet), spelt for a `next` that must be a path on this site.
 */
const OPEN_REDIRECTS = [
  'https://evil.example',
  'http://evil.example',
  'HTTP://evil.example',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '//evil.example/%2f..',
  '//evil.example%2f@same.invalid',
  '//same.invalid@evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/a/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E/%2E%2E//evil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%252F%252Fevil.example',
  '/%25252f%25252fevil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%255cevil.example',
  '/%09/evil.example',
  '/%0d%0aLocation:%20https://evil.example',
  '/%00//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r//evil.example',
  '/ /evil.example',
  '/\u2028/evil.example',
  '/\u3002evil.example',
  '/\uff0f/evil.example',
  ' //evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java%0d%0ascript%0d%0a:alert(0)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'evil.example',
  '@evil.example',
  '.evil.example',
];

describe('safeNext refuses every way off the site', () => {
  it.each(OPEN_REDIRECTS)('%j', (next) => {
    expect(safeNext(next)).toBe('/profile');
    expect(safeNext(next, '')).toBe('');
  });
});

it.each([
  [null, '/profile'],
  [undefined, '/profile'],
  ['', '/profile'],
  ['/', '/'],
  ['/checkout', '/checkout'],
  ['/cards?page=2#top', '/cards?page=2#top'],
  ['/./checkout', '/checkout'],
  ['/cards/../checkout', '/checkout'],
  ['/%2e/checkout', '/checkout'],
  // An encoded slash in the query is data, not a path.
  ['/cards?q=a%2Fb', '/cards?q=a%2Fb'],
  ['/profile/ada-lovelace', '/profile/ada-lovelace'],
  ['/@evil.example', '/@evil.example'],
])('safeNext(%j) is %j', (next, expected) => {
  expect(safeNext(next)).toBe(expected);
});

it('returns a path that stays on the site wherever it is resolved', () => {
  for (const next of ['/checkout', '/./cards?page=2', '/a/../b#c']) {
    const resolved = new URL(safeNext(next), 'https://shop.example/login');
    expect(resolved.origin).toBe('https://shop.example');
  }
});

it('builds the login path that returns to a page', () => {
  expect(loginPath('/checkout')).toBe('/login?next=%2Fcheckout');
  expect(loginPath('/cards?page=2')).toBe('/login?next=%2Fcards%3Fpage%3D2');
  expect(loginPath('')).toBe('/login');
  expect(loginPath()).toBe('/login');
});

import { createHash } from 'node:crypto';
import { expect, open, test } from './support/fixtures.ts';

for (const path of [
  '/',
  '/cards',
  '/cards/eco-intro-card-bamboo',
  '/cards?page=2',
  '/about',
  '/services',
  '/contact',
  '/verify',
]) {
  test(`${path} runs with no CSP violation and no console error`, async ({ page }) => {
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));

    const response = await open(page, path);
    expect(response?.status()).toBe(200);
    // A kept public page allows its inline scripts by hash; a page rendered for this answer, by nonce.
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' '(?:nonce|sha256)-/);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

/** The inline scripts of a page that run: not data blocks (JSON-LD), not scripts loaded by URL. */
function inlineScripts(html: string): { tag: string; text: string }[] {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .map(([, tag = '', text = '']) => ({ tag, text }))
    .filter(({ tag }) => !tag.includes('application/ld+json') && !/\bsrc=/.test(tag));
}

test('a kept page is the same bytes for everyone: scripts allowed by hash, and it answers 304', async ({
  request,
}) => {
  const first = await request.get('/cards');
  const second = await request.get('/cards');
  const html = await first.text();
  expect(await second.text()).toBe(html);
  const policy = first.headers()['content-security-policy'] ?? '';
  expect(policy).not.toContain("'nonce-");
  const scripts = inlineScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const { tag, text } of scripts) {
    expect(tag).not.toContain('nonce=');
    expect(policy).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  const etag = second.headers().etag ?? '';
  expect(etag).not.toBe('');
  const held = await request.get('/cards', { headers: { 'if-none-match': etag } });
  expect(held.status()).toBe(304);
});

test('a page rendered for one answer carries a fresh nonce each time, matching its header', async ({
  request,
}) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    // A missing page is never kept: it is rendered for each answer.
    const response = await request.get('/no-such-page-here');
    expect(response.status()).toBe(404);
    const header = response.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(header)?.[1] ?? '';
    expect(nonce).not.toBe('');
    // A body that changes every time could never answer 304: it is not hashed for an ETag.
    expect(response.headers().etag).toBeUndefined();
    const scripts = inlineScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { tag } of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

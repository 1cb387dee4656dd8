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
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

test('a page served twice carries a fresh nonce each time, matching its header', async ({ request }) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get('/cards');
    const header = response.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(header)?.[1] ?? '';
    expect(nonce).not.toBe('');
    // A body that changes every time could never answer 304: it is not hashed for an ETag.
    expect(response.headers().etag).toBeUndefined();
    const html = await response.text();
    // Every script that runs carries the nonce; JSON-LD data blocks never run.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('application/ld+json'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

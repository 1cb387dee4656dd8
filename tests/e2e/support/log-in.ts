import type { Page } from '@playwright/test';
import { hydrated } from './fixtures.ts';

/** Signs in through the login form and waits on the page it goes on to (`next`), hydrated. */
export async function logIn(
  page: Page,
  baseUrl: string,
  who: { email: string; password: string },
  next: string,
) {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}${next}`);
  await hydrated(page);
}

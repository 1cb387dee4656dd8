import type { Page } from '@playwright/test';

/**
 * Holds React's entry module back until the returned function is called: the page is painted, React is
 * not running yet, as on a phone's slow link in the moment after the first paint (decision 035).
 */
export async function holdReact(page: Page): Promise<() => void> {
  let letReactRun = () => {};
  const reactMayRun = new Promise<void>((resolve) => {
    letReactRun = resolve;
  });
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await reactMayRun;
    await route.continue();
  });
  return letReactRun;
}

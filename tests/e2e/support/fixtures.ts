import { type BrowserContext, test as base, expect, type Page, type Response } from '@playwright/test';
import type { MailedServer } from './mailed-server.ts';
import { startSharedSite } from './shared-site.ts';

declare global {
  interface Window {
    __e2eCommits?: number;
  }
}

/**
 * A stand-in for the React DevTools hook: React reports each commit to it once its effects have run.
 * A page counts as hydrated after the first such commit, so a test never clicks a server-rendered
 * button whose handler is not attached yet.
 */
function installCommitProbe() {
  window.__e2eCommits = 0;
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    configurable: true,
    value: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {
        window.__e2eCommits = (window.__e2eCommits ?? 0) + 1;
      },
    },
  });
}

export const test = base.extend<object, { sharedSite: MailedServer }>({
  page: async ({ page }, use) => {
    await page.addInitScript(installCommitProbe);
    await use(page);
  },
  // Started the first time a spec of the worker asks for it, stopped when the worker ends (shared-site.ts).
  sharedSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const site = await startSharedSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };

/**
 * How long a test waits for heavy work (uploads re-encoded, proofs and invoices drawn, print files made): the
 * pools run it below the requests' OS priority (decisions 042 and 046), so on a machine busy with other tests
 * it waits for them.
 */
export const HEAVY_WORK_MS = 60_000;

/** Another tab in the same browser context, with the same hydration probe as the `page` fixture. */
export async function newTab(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  await tab.addInitScript(installCommitProbe);
  return tab;
}

/**
 * Waits until React has hydrated the current document and run its effects, or, on a light page (no React
 * in the browser, decision 034), until the site script has run.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window.__e2eCommits ?? 0) > 0 || document.documentElement.hasAttribute('data-enhanced'),
  );
}

/** Opens a page and waits for hydration; returns the document's response. */
export async function open(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/**
 * `npm run lighthouse`: Lighthouse 12 (mobile settings, its default) driving Debian's chromium against the
 * production server on a fresh embedded database. Prints the four scores, home-page JavaScript and CLS per
 * page, and fails when a budget is missed: Performance ≥ 95; Accessibility, Best Practices and SEO 100;
 * JavaScript on / under 150 KB compressed; CLS under 0.05. The card page (a demo owner with a photo, links
 * and every field public, written into the fresh database before the server starts) has its own, stricter
 * budgets: every category 100, LCP under 1500 ms, JavaScript under 30 KB.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_CARD_OWNERS, seedCardOwners } from '../server/test/card-owners.ts';
import { freePort } from '../server/test/free-port.ts';

const [CARD_OWNER] = DEMO_CARD_OWNERS;
const CARD_PAGE = `/profile/${CARD_OWNER?.username}`;
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/services',
  '/services/cloud-solutions',
  '/about',
  '/contact',
  '/cards',
  '/cards/classic-intro-card-matte-black',
  '/verify',
  CARD_PAGE,
];
const BUDGET = { performance: 95, others: 100, homeJsKb: 150, cls: 0.05 };
/** What a tapped card opens must be instant on a phone: the whole product is this page. */
const CARD_BUDGET = { performance: 100, lcpMs: 1500, jsKb: 30 };

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not start.');
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsKb: number;
  cls: number;
  /** What the Performance score is made of, so a miss can be explained. */
  lcpMs: number;
  tbtMs: number;
  failures: string[];
}

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
  const base = `http://localhost:${port}`;
  if (CARD_OWNER) await seedCardOwners(dataDir, [CARD_OWNER]);
  const server = spawn(process.execPath, ['build/node/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Row[] = [];
  try {
    await waitReady(base);
    for (const page of PAGES) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`No result for ${page}`);
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError)
        console.error(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const scripts = (
        audits['resource-summary']?.details as {
          items?: Array<{ resourceType: string; transferSize: number }>;
        }
      )?.items?.find((item) => item.resourceType === 'script');
      const row: Row = {
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        jsKb: Math.round(((scripts?.transferSize ?? 0) / 1024) * 10) / 10,
        cls: Number(audits['cumulative-layout-shift']?.numericValue ?? 0),
        lcpMs: Math.round(Number(audits['largest-contentful-paint']?.numericValue ?? 0)),
        tbtMs: Math.round(Number(audits['total-blocking-time']?.numericValue ?? 0)),
        failures: [],
      };
      if (row.performance < BUDGET.performance) row.failures.push(`performance ${row.performance}`);
      for (const key of ['accessibility', 'bestPractices', 'seo'] as const) {
        if (row[key] < BUDGET.others) row.failures.push(`${key} ${row[key]}`);
      }
      if (row.cls >= BUDGET.cls) row.failures.push(`CLS ${row.cls}`);
      if (page === '/' && row.jsKb >= BUDGET.homeJsKb) row.failures.push(`JS ${row.jsKb} KB`);
      if (page === CARD_PAGE) {
        if (row.performance < CARD_BUDGET.performance) row.failures.push(`performance ${row.performance}`);
        if (row.lcpMs >= CARD_BUDGET.lcpMs) row.failures.push(`LCP ${row.lcpMs} ms`);
        if (row.jsKb >= CARD_BUDGET.jsKb) row.failures.push(`JS ${row.jsKb} KB`);
      }
      if (row.failures.length > 0) {
        // Name the audits that cost points, so a failure says what to fix.
        for (const key of ['performance', 'accessibility', 'best-practices', 'seo']) {
          for (const ref of categories[key]?.auditRefs ?? []) {
            const audit = audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
              row.failures.push(`${key}: ${audit.id}`);
          }
        }
      }
      rows.push(row);
      console.error(`${page}: done`);
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }

  console.log(
    '\n| page | Performance | Accessibility | Best Practices | SEO | JS (KB, compressed) | CLS | LCP ms | TBT ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| \`${row.page}\` | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.jsKb} | ${row.cls.toFixed(3)} | ${row.lcpMs} | ${row.tbtMs} |`,
    );
  }
  const failed = rows.filter((row) => row.failures.length > 0);
  for (const row of failed) console.log(`FAIL ${row.page}: ${row.failures.join(', ')}`);
  console.log(failed.length === 0 ? '\nAll budgets hold.' : '\nSome budgets are missed.');
  process.exitCode = failed.length === 0 ? 0 : 1;
}

await main();

/**
 * Uncached reads against the production server: `npm run bench` (after the catalogue bench).
 *
 * Every request here is a miss, as taps of many different cards are: the server runs with BENCH_UNCACHED=1,
 * so no answer is kept (the response and page caches compute every answer, as on a miss). On PostgreSQL
 * (DATABASE_URL, else the local server at 127.0.0.1:5432; a scratch database, dropped afterwards) and then
 * on the embedded database, one process each, with the demo catalogue and UNCACHED_OWNERS filled-in cards,
 * it drives at 50 connections, in one run: the constant route, catalogue JSON (`/api/cards/?page=n`), a
 * public card page (`/profile/{username}`, a different owner each request), the same read answered as JSON
 * (`/api/auth/public-profile/{username}/`: the most a page of it could reach, printed, not a target) and
 * `/cards?page=n`. Prints each one's ratio to the constant route and checks issue 20's targets; exits 1 when
 * one fails. On PostgreSQL, with the Django REST peer available (bench/django-peer.ts), it also measures that
 * peer's `/api/cards/?page=n` on the same database, right after ours, and the catalogue JSON target is a
 * multiple of the peer's throughput.
 * BENCH_SECONDS sets the measured seconds per target; UNCACHED_DATABASES=postgres (or pglite) runs one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { scratchPostgresDatabase } from '../server/test/scratch-database.ts';
import {
  checkSameCatalogue,
  type DjangoPeer,
  djangoPeerAvailable,
  postgresServerUrl,
  startDjangoPeer,
} from './django-peer.ts';
import { positiveInteger, positiveNumber } from './env-number.ts';
import { percentile, table } from './report.ts';
import { freePort, startServer, stopServer, waitUntilReady } from './server.ts';
import { ownerName, seedOwners } from './uncached-data.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const WARMUP_MAX_SECONDS = 20;

const targets = {
  /** Issue 20: ≥ 5× Django REST when that peer runs (on PostgreSQL), else ≥ 0.4× the constant route. */
  jsonToDjango: 5,
  json: 0.4,
  cardPage: 0.2,
  cardsPage: 0.1,
  p99Ms: 100,
};

/** `cardRead`: the card page's own read answered as JSON, printed as the most a page of it could reach. */
type Kind = 'constant' | 'json' | 'django' | 'cardPage' | 'cardRead' | 'cardsPage';

interface Target {
  label: string;
  kind: Kind;
  /** Another server than ours (the Django REST peer). */
  baseUrl?: string;
  /** The next path to ask for. */
  next(): string;
}

interface Measurement {
  target: Target;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Cycles through `count` paths: with caches off each is a miss anyway, and the rows read differ. */
function rotating(count: number, pathOf: (i: number) => string): () => string {
  let i = 0;
  return () => pathOf(i++ % count);
}

/** Warm-up until every connection has an answer (at least WARMUP_SECONDS), then `seconds` measured. */
function measure(baseUrl: string, target: Target, seconds: number): Promise<Measurement> {
  process.stdout.write(`  ${target.label}: `);
  const latencies: number[] = [];
  const answered = new Set<unknown>();
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let measuringSince: number | undefined;
  let warmupCap: NodeJS.Timeout | undefined;
  let stopTimer: NodeJS.Timeout | undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.baseUrl ?? baseUrl,
        connections: CONNECTIONS,
        duration: WARMUP_MAX_SECONDS + seconds + 5,
        requests: [
          {
            method: 'GET',
            path: '/',
            setupRequest: (request) => ({ ...request, path: target.next() }) as Request,
          },
        ],
      },
      (error: unknown) => {
        clearTimeout(warmupCap);
        clearTimeout(stopTimer);
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          target,
          requestsPerSecond: latencies.length / seconds,
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          non2xx,
          errors,
          timeouts,
        });
      },
    );
    const startMeasuring = () => {
      if (measuringSince !== undefined) return;
      measuringSince = performance.now();
      process.stdout.write(
        `warm-up ${((measuringSince - started) / 1000).toFixed(1)} s, measuring ${seconds} s…\n`,
      );
      stopTimer = setTimeout(() => instance.stop(), seconds * 1000);
    };
    warmupCap = setTimeout(startMeasuring, WARMUP_MAX_SECONDS * 1000);
    const measuring = () => measuringSince !== undefined;
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      if (!measuring()) {
        answered.add(client);
        if (answered.size === CONNECTIONS && performance.now() - started >= WARMUP_SECONDS * 1000)
          startMeasuring();
        return;
      }
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
    // Counted from the first request: a timed-out request during the warm-up is one too.
    instance.on('reqError', (error: unknown) => {
      if (error instanceof Error && /timed out/.test(error.message)) timeouts += 1;
      else if (measuring()) errors += 1;
    });
  });
}

function targetsFor(owners: number, cardPages: number, peer: DjangoPeer | undefined): Target[] {
  const cataloguePage = (i: number) => `/api/cards/?page=${i + 1}`;
  return [
    { label: '/api/bench/ping/ (constant)', kind: 'constant', next: () => '/api/bench/ping/' },
    { label: '/api/cards/?page=n', kind: 'json', next: rotating(cardPages, cataloguePage) },
    ...(peer
      ? [
          {
            label: 'Django REST /api/cards/?page=n',
            kind: 'django',
            baseUrl: peer.baseUrl,
            next: rotating(cardPages, cataloguePage),
          } as const,
        ]
      : []),
    {
      label: '/profile/{username}',
      kind: 'cardPage',
      next: rotating(owners, (i) => `/profile/${ownerName(i)}`),
    },
    {
      label: '  its read, as JSON',
      kind: 'cardRead',
      next: rotating(owners, (i) => `/api/auth/public-profile/${ownerName(i)}/`),
    },
    { label: '/cards?page=n', kind: 'cardsPage', next: rotating(cardPages, (i) => `/cards?page=${i + 1}`) },
  ];
}

async function pageCount(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/cards/?page=1`);
  const body = (await response.json()) as { count?: number; results?: unknown[] };
  const perPage = body.results?.length ?? 0;
  if (!response.ok || !body.count || perPage === 0) throw new Error('The catalogue is empty');
  return Math.ceil(body.count / perPage);
}

interface Run {
  database: string;
  measurements: Measurement[];
}

async function runOn(database: 'postgres' | 'pglite', owners: number, seconds: number): Promise<Run> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-uncached-'));
  const scratch =
    database === 'postgres'
      ? await scratchPostgresDatabase(postgresServerUrl(), 'bench_uncached')
      : undefined;
  const label = scratch ? `PostgreSQL (${scratch.name})` : 'PGlite (embedded)';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof startServer> | undefined;
  let peer: DjangoPeer | undefined;
  try {
    console.log(`\n${label}: seeding ${owners} card owners…`);
    await seedOwners(dataDir, scratch?.url, owners);
    server = startServer(port, dataDir, {
      BENCH_UNCACHED: '1',
      PUBLIC_URL: baseUrl,
      ...(scratch ? { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString('hex') } : {}),
    });
    await waitUntilReady(baseUrl, server);
    if (scratch && djangoPeerAvailable()) {
      peer = await startDjangoPeer(scratch.url);
      await checkSameCatalogue(baseUrl, peer.baseUrl);
    }
    const measurements: Measurement[] = [];
    for (const target of targetsFor(owners, await pageCount(baseUrl), peer))
      measurements.push(await measure(baseUrl, target, seconds));
    return { database: label, measurements };
  } finally {
    await peer?.stop();
    if (server) await stopServer(server);
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report({ database, measurements }: Run): boolean {
  const rateOf = (kind: Kind) => measurements.find((m) => m.target.kind === kind)?.requestsPerSecond ?? 0;
  const constant = rateOf('constant');
  const django = rateOf('django');
  const ratio = (m: Measurement) => (constant > 0 ? m.requestsPerSecond / constant : 0);
  console.log(`\n${database}, every read a miss, ${CONNECTIONS} connections:`);
  console.log(
    table([
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'timeouts', 'ratio', 'vs Django'],
      ...measurements.map((m) => [
        m.target.label,
        m.requestsPerSecond.toFixed(0),
        m.p50.toFixed(1),
        m.p99.toFixed(1),
        String(m.non2xx),
        String(m.errors),
        String(m.timeouts),
        ratio(m).toFixed(2),
        django > 0 ? (m.requestsPerSecond / django).toFixed(2) : 'n/a',
      ]),
    ]),
  );
  let pass = true;
  const check = (ok: boolean, text: string) => {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${database}: ${text}`);
    pass &&= ok;
  };
  for (const m of measurements) {
    // The peer's figures are printed, not checked: they are what ours are compared with.
    if (m.target.kind === 'django') continue;
    if (m.target.kind === 'cardRead') {
      // Same rows, same queries, a 0.6 KB answer and no page around it: no render of them can be faster.
      console.log(
        `NOTE  ${database}: the card page's read alone, answered as JSON, is ${ratio(m).toFixed(2)}x the constant route (the page's target: ${targets.cardPage}x)`,
      );
      continue;
    }
    if (m.target.kind === 'json' && django > 0) {
      const lead = m.requestsPerSecond / django;
      check(
        lead >= targets.jsonToDjango,
        `${m.target.label} >= ${targets.jsonToDjango}x Django REST (${lead.toFixed(2)})`,
      );
    } else if (m.target.kind !== 'constant') {
      const min = targets[m.target.kind];
      check(ratio(m) >= min, `${m.target.label} >= ${min}x the constant route (${ratio(m).toFixed(2)})`);
    }
    check(m.p99 < targets.p99Ms, `${m.target.label} p99 < ${targets.p99Ms} ms (${m.p99.toFixed(1)} ms)`);
    check(
      m.timeouts === 0 && m.errors === 0 && m.non2xx === 0,
      `${m.target.label} no timeouts, errors or non-2xx (${m.timeouts}, ${m.errors}, ${m.non2xx})`,
    );
  }
  return pass;
}

async function main(): Promise<number> {
  const seconds = positiveNumber('BENCH_SECONDS', 8);
  const owners = positiveInteger('UNCACHED_OWNERS', 2000);
  const only = process.env.UNCACHED_DATABASES;
  const databases = (['postgres', 'pglite'] as const).filter((name) => !only || only.includes(name));
  console.log('Uncached reads (issue 20, point 2).');
  let pass = true;
  for (const database of databases) {
    try {
      pass = report(await runOn(database, owners, seconds)) && pass;
    } catch (error) {
      console.log(`FAIL  ${database}: ${error instanceof Error ? error.message : error}`);
      pass = false;
    }
  }
  console.log(`\n${pass ? 'All uncached targets pass.' : 'Some uncached targets FAIL.'}`);
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Benchmark failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

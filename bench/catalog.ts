/**
 * Load test of the catalogue against the production server: `npm run bench`.
 *
 * Starts the built server (`build/node/main.js`) on a fresh embedded database and, in another process, a bare
 * `node:http` server answering the constant route's bytes; drives each target with autocannon (50
 * connections, warm-up then a measured run), samples the server's RSS, prints a table and checks the targets
 * as ratios measured in this one run. With the Django REST peer available (bench/django-peer.ts) it also
 * measures that peer's `/api/cards/?page=1` on a seeded PostgreSQL database, in the same rounds, and checks
 * our cached catalogue JSON keeps its lead. Exits 1 when any target fails. BENCH_SECONDS sets the measured
 * seconds of each target, BENCH_ROUNDS the turns they are split into.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  checkSameCatalogue,
  type DjangoPeer,
  djangoPeerAvailable,
  seededPostgres,
  startDjangoPeer,
} from './django-peer.ts';
import { percentile, table } from './report.ts';
import {
  freePort,
  procStatusBytes,
  RSS_SAMPLE_MS,
  RssSampler,
  root,
  startServer,
  stopServer,
  waitUntilReady,
} from './server.ts';

const CONNECTIONS = 50;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const WARMUP_SECONDS = 1;
/** The warm-up waits for every connection to answer, but not for ever. */
const WARMUP_MAX_SECONDS = 20;

const targets = {
  /** The constant route against a bare node:http server: what the framework and our hooks leave. */
  constantToBare: 0.7,
  /** Cached catalogue JSON and the cached SSR page against the constant route. */
  cachedToConstant: 0.9,
  /** Issue 20: cached catalogue JSON measured 15-25x Django REST; keep that lead. */
  jsonToDjango: 15,
  p99Ms: 50,
  rssMb: 320,
};

interface Endpoint {
  label: string;
  path: string;
  kind: 'bare' | 'django' | 'constant' | 'json' | 'ssr';
  /** Another server than the one under test (the bare node:http one, the Django REST peer). */
  baseUrl?: string;
}

interface Measurement {
  endpoint: Endpoint;
  /** Sorted, in ms. */
  latencies: number[];
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface MemoryFigures {
  /** RSS once /readyz answered, before any load. */
  ready: number | undefined;
  /** Highest sampled RSS while the load ran. */
  peakUnderLoad: number;
  /** The kernel's high-water mark over the whole life of the process, start-up included. */
  hwm: number | undefined;
}

interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

/**
 * Each target is measured in BENCH_ROUNDS rounds (3 by default), the targets taking turns, so a burst of
 * other work on a shared machine falls on every target rather than on one of the ratios.
 */
function rounds(): number {
  const value = Number(process.env.BENCH_ROUNDS ?? 3);
  if (!Number.isInteger(value) || value < 1) throw new Error('BENCH_ROUNDS must be a positive integer');
  return value;
}

/** One target's rounds as one measurement over their `seconds` in all. */
function combined(runs: Measurement[], seconds: number): Measurement {
  const [first] = runs;
  if (!first) throw new Error('No measurement to combine');
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  return {
    endpoint: first.endpoint,
    latencies,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

function measuredSeconds(): number {
  const raw = process.env.BENCH_SECONDS;
  if (raw === undefined || raw.trim() === '') return 8;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`BENCH_SECONDS must be a positive number, got "${raw}"`);
  return value;
}

async function firstSlug(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/cards/?page=1`);
  if (!response.ok) throw new Error(`GET /api/cards/?page=1 answered ${response.status}`);
  const body = (await response.json()) as { results?: { slug?: unknown }[] };
  const slug = body.results?.[0]?.slug;
  if (typeof slug !== 'string') throw new Error('GET /api/cards/?page=1 returned no card to benchmark');
  return slug;
}

/**
 * One autocannon run: warm-up, then `seconds` measured on the same 50 connections.
 *
 * The warm-up lasts at least WARMUP_SECONDS and until every connection has had an answer. libuv accepts
 * one connection per event-loop turn (libuv#3696), so against a saturated server the last of 50 new
 * connections waits many turns for its first request; fresh connections per phase would make those
 * cold requests the p99 of the slower pages instead of the steady state under test.
 */
function measure(baseUrl: string, endpoint: Endpoint, seconds: number): Promise<Measurement> {
  process.stdout.write(`  ${endpoint.label}: `);
  const latencies: number[] = [];
  const answered = new Set<unknown>();
  let non2xx = 0;
  let errors = 0;
  let measuringSince: number | undefined;
  let measuringUntil = Number.POSITIVE_INFINITY;
  let warmupCap: NodeJS.Timeout | undefined;
  let stopTimer: NodeJS.Timeout | undefined;
  const started = performance.now();

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: (endpoint.baseUrl ?? baseUrl) + endpoint.path,
        // What every browser sends: pages and JSON go out compressed, as they do to visitors.
        headers: { 'accept-encoding': ACCEPT_ENCODING },
        connections: CONNECTIONS,
        // A backstop only: the run is stopped once the measured part is over.
        duration: WARMUP_MAX_SECONDS + seconds + 5,
      },
      (error: unknown) => {
        clearTimeout(warmupCap);
        clearTimeout(stopTimer);
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          endpoint,
          latencies,
          requestsPerSecond: latencies.length / seconds,
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          non2xx,
          errors,
        });
      },
    );

    const startMeasuring = () => {
      if (measuringSince !== undefined) return;
      measuringSince = performance.now();
      measuringUntil = measuringSince + seconds * 1000;
      const warmup = ((measuringSince - started) / 1000).toFixed(1);
      process.stdout.write(
        `warm-up ${warmup} s (${answered.size}/${CONNECTIONS} connections answered), measuring ${seconds} s…\n`,
      );
      stopTimer = setTimeout(() => instance.stop(), seconds * 1000);
    };
    warmupCap = setTimeout(startMeasuring, WARMUP_MAX_SECONDS * 1000);
    const inWindow = (now: number) =>
      measuringSince !== undefined && now >= measuringSince && now < measuringUntil;

    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const now = performance.now();
      if (measuringSince === undefined) {
        answered.add(client);
        if (answered.size === CONNECTIONS && now - started >= WARMUP_SECONDS * 1000) startMeasuring();
        return;
      }
      if (!inWindow(now)) return;
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
    instance.on('reqError', () => {
      if (inWindow(performance.now())) errors += 1;
    });
  });
}

/** Headers that Node's http server writes itself (or that depend on the body): not passed on. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);

/** The constant route's headers, for the bare server to send the same bytes. */
async function constantHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/bench/ping/`);
  await response.body?.cancel();
  return Object.fromEntries([...response.headers].filter(([name]) => !NODE_OWN_HEADERS.has(name)));
}

/** Starts bench/bare-node.ts in its own process and waits until it answers. */
async function startBareNode(port: number, headers: Record<string, string>): Promise<ChildProcess> {
  const args = ['--import', 'tsx', 'bench/bare-node.ts', String(port), JSON.stringify(headers)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The bare node:http server exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.body?.cancel();
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('The bare node:http server did not start');
}

const CATALOGUE_PAGE = '/api/cards/?page=1';

/**
 * The Django REST peer on a seeded scratch PostgreSQL database, checked to answer as we do; undefined,
 * with a printed line, when it cannot run here (no Python packages, no PostgreSQL).
 */
async function startPeer(
  ourBaseUrl: string,
): Promise<{ peer: DjangoPeer; drop(): Promise<void> } | undefined> {
  if (!djangoPeerAvailable()) return undefined;
  let database: Awaited<ReturnType<typeof seededPostgres>>;
  try {
    database = await seededPostgres('bench_django_peer');
  } catch (error) {
    console.log(
      `Django REST peer: skipped (no PostgreSQL: ${error instanceof Error ? error.message : error}).`,
    );
    return undefined;
  }
  try {
    const peer = await startDjangoPeer(database.url);
    try {
      await checkSameCatalogue(ourBaseUrl, peer.baseUrl);
    } catch (error) {
      await peer.stop();
      throw error;
    }
    return { peer, drop: database.drop };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

const mb = (bytes: number) => bytes / (1024 * 1024);

const rateOf = (measurements: Measurement[], kind: Endpoint['kind']) =>
  measurements.find((m) => m.endpoint.kind === kind)?.requestsPerSecond ?? 0;

function ratioText(rate: number, baseline: number): string {
  return baseline > 0 ? (rate / baseline).toFixed(2) : 'n/a';
}

function checks(measurements: Measurement[], peakRss: number): Check[] {
  const baseline = rateOf(measurements, 'constant');
  const bare = rateOf(measurements, 'bare');
  const django = rateOf(measurements, 'django');
  const result: Check[] = [];
  for (const m of measurements) {
    if (m.endpoint.kind === 'bare' || m.endpoint.kind === 'django') continue;
    if (m.endpoint.path === CATALOGUE_PAGE && django > 0) {
      const lead = m.requestsPerSecond / django;
      result.push({
        name: `${m.endpoint.label} throughput >= ${targets.jsonToDjango}x Django REST`,
        pass: lead >= targets.jsonToDjango,
        detail: lead.toFixed(1),
      });
    }
    const [min, against, rate] =
      m.endpoint.kind === 'constant'
        ? [targets.constantToBare, 'bare node:http', bare]
        : [targets.cachedToConstant, 'the constant route', baseline];
    const ratio = rate > 0 ? m.requestsPerSecond / rate : 0;
    result.push({
      name: `${m.endpoint.label} throughput >= ${min}x ${against}`,
      pass: ratio >= min,
      detail: ratio.toFixed(2),
    });
    result.push({
      name: `${m.endpoint.label} p99 < ${targets.p99Ms} ms`,
      pass: m.p99 < targets.p99Ms,
      detail: `${m.p99.toFixed(1)} ms`,
    });
    result.push({
      name: `${m.endpoint.label} no non-2xx or errors`,
      pass: m.non2xx === 0 && m.errors === 0,
      detail: `${m.non2xx} non-2xx, ${m.errors} errors`,
    });
  }
  result.push({
    name: `peak RSS < ${targets.rssMb} MB`,
    pass: peakRss > 0 && mb(peakRss) < targets.rssMb,
    detail: peakRss > 0 ? `${mb(peakRss).toFixed(1)} MB` : 'not measured',
  });
  return result;
}

function report(measurements: Measurement[], memory: MemoryFigures): boolean {
  const baseline = rateOf(measurements, 'constant');
  const bare = rateOf(measurements, 'bare');
  const django = rateOf(measurements, 'django');
  const rows = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'ratio', 'vs bare', 'vs Django'],
    ...measurements.map((m) => [
      m.endpoint.label,
      m.requestsPerSecond.toFixed(0),
      m.p50.toFixed(1),
      m.p99.toFixed(1),
      String(m.non2xx),
      String(m.errors),
      ratioText(m.requestsPerSecond, baseline),
      ratioText(m.requestsPerSecond, bare),
      ratioText(m.requestsPerSecond, django),
    ]),
  ];
  console.log(`\n${table(rows)}\n`);
  console.log('ratio: against the constant route; vs bare: against a bare node:http server, same bytes;');
  console.log(
    django > 0
      ? 'vs Django: against the Django REST peer (gunicorn, PostgreSQL, every request read from the database).'
      : 'vs Django: n/a, the Django REST peer did not run.',
  );
  if (memory.ready !== undefined)
    console.log(`RSS when ready, before load: ${mb(memory.ready).toFixed(1)} MB`);
  console.log(
    `peak RSS under load (sampled every ${RSS_SAMPLE_MS} ms): ${mb(memory.peakUnderLoad).toFixed(1)} MB`,
  );
  if (memory.hwm !== undefined) {
    console.log(`VmHWM (kernel high-water mark, start-up included): ${mb(memory.hwm).toFixed(1)} MB`);
  }

  // The high-water mark also catches spikes between two samples, and those at start-up.
  const results = checks(measurements, Math.max(memory.peakUnderLoad, memory.hwm ?? 0));
  console.log('');
  for (const check of results)
    console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name} (${check.detail})`);
  const allPass = results.every((check) => check.pass);
  console.log(`\n${allPass ? 'All targets pass.' : 'Some targets FAIL.'}`);
  return allPass;
}

async function main(): Promise<number> {
  const seconds = measuredSeconds();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-catalog-'));
  const child = startServer(port, dataDir);
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
  spawnFailed.catch(() => {});

  let bare: ChildProcess | undefined;
  let django: Awaited<ReturnType<typeof startPeer>>;
  let cleaning: Promise<void> | undefined;
  const cleanup = () => {
    cleaning ??= Promise.all([stopServer(child), bare && stopServer(bare), django?.peer.stop()])
      .then(() => django?.drop())
      .finally(() => rm(dataDir, { recursive: true, force: true }));
    return cleaning;
  };
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  let sampler: RssSampler | undefined;
  try {
    const pid = child.pid;
    if (pid === undefined) await spawnFailed;
    if (pid === undefined) throw new Error('Could not start the server');
    sampler = new RssSampler(pid);
    console.log(`Starting the server on ${baseUrl} (data in ${dataDir})…`);
    await Promise.race([waitUntilReady(baseUrl, child), spawnFailed]);
    const slug = await firstSlug(baseUrl);
    const barePort = await freePort();
    bare = await startBareNode(barePort, await constantHeaders(baseUrl));
    django = await startPeer(baseUrl);
    const endpoints: Endpoint[] = [
      {
        label: 'bare node:http, same bytes',
        path: '/api/bench/ping/',
        kind: 'bare',
        baseUrl: `http://127.0.0.1:${barePort}`,
      },
      ...(django
        ? [
            {
              label: 'Django REST /api/cards/?page=1',
              path: CATALOGUE_PAGE,
              kind: 'django',
              baseUrl: django.peer.baseUrl,
            } as const,
          ]
        : []),
      { label: '/api/bench/ping/', path: '/api/bench/ping/', kind: 'constant' },
      { label: CATALOGUE_PAGE, path: CATALOGUE_PAGE, kind: 'json' },
      { label: `/api/cards/${slug}/`, path: `/api/cards/${encodeURIComponent(slug)}/`, kind: 'json' },
      { label: '/cards (SSR)', path: '/cards', kind: 'ssr' },
    ];
    const ready = await procStatusBytes(pid, 'VmRSS');
    console.log(`Running ${endpoints.length} targets at ${CONNECTIONS} connections:`);
    sampler.start();
    const turns = rounds();
    const runs = endpoints.map((): Measurement[] => []);
    for (let round = 1; round <= turns; round++) {
      console.log(`Round ${round} of ${turns}:`);
      for (const [i, endpoint] of endpoints.entries()) {
        runs[i]?.push(await measure(baseUrl, endpoint, seconds / turns));
      }
    }
    const measurements = runs.map((run) => combined(run, seconds));
    sampler.stop();
    const hwm = await procStatusBytes(pid, 'VmHWM');
    return report(measurements, { ready, peakUnderLoad: sampler.peak, hwm }) ? 0 : 1;
  } finally {
    sampler?.stop();
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Benchmark failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

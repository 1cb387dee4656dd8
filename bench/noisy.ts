/**
 * What one client's worst request costs everyone else: `npm run bench:noisy`.
 *
 * Prepares a fresh database (embedded, or a scratch database on DATABASE_URL's PostgreSQL, dropped
 * afterwards) with card owners, a buyer, an admin, an owner of 10,000 exchanged contacts and the admin
 * console's large tables, and starts the built server (BENCH=1, behind a "proxy": TRUST_PROXY). Then, phase
 * after phase, a steady normal load runs under Debian's `wrk` (bench/noisy-load.lua: pages, catalogue JSON,
 * card pages, a sign-in now and then, each request from one of 4,000 client addresses): first alone, then
 * while ONE client (this process, or wrk for (c); from one address of its own, through the limits any client
 * meets) repeats
 * one worst case:
 *   (a) the largest personalised order: 25 cards, each with a 1100×1100 noisy PNG logo uploaded as a buyer
 *       would (the largest upload accepted; smaller if the server refuses it);
 *   (b) an admin sending the proof of that order;
 *   (c) 0.8 MB JSON bodies of 75,000 unknown keys to the sign-in, from 4 connections (sent by wrk);
 *   (d) the largest profile photo accepted (4096×4096 noisy JPEG just under the size limit);
 *   (e) the vCard export of an owner's 10,000 exchanged contacts;
 *   (f) the preview picture of many cards (card.png of a different owner each time);
 *   (g) the admin lists (deep pages, searches, the dashboard) on NOISY_ADMIN_ROWS rows per table.
 * Then two controls, printed but not held to the targets: every core spun by a process at the pool's
 * niceness (heavy work moved perfectly off the request thread: the least a worst case can cost here), and
 * one core spun at nice 0 (what a client's own work on this machine costs, as this process's does).
 * Each phase runs on a freshly started server after 5 s of unmeasured load, so what it reports is its own
 * worst case's (not memory an earlier one left). A phase lasts NOISY_SECONDS (20), longer if the worst
 * case's last request is still running (at most NOISY_MAX_SECONDS, 150: then it is cut and called
 * unfinished), and then counts the server's work until its CPU settles (an abandoned request, work after
 * the answer). When (a) places no order (it crashed the server), (b) sends the proof of a smaller one.
 * Per phase it prints the normal load's p50/p99 against the alone run, the server's longest event-loop delay
 * (`monitorEventLoopDelay` in the server: /api/bench/loop-delay/), its peak RSS (VmHWM of the process, reset
 * per phase, or the sampled sum with its child processes, whichever is higher), the 5xx answers and whether
 * the server crashed (it is then restarted for the next phase). A last alone run shows how much the machine
 * itself drifted. Targets, per worst case: no crash and no 5xx, p99 at most 1.5× alone, event-loop delay
 * under 50 ms, peak RSS under 400 MB. It also prints the CPU seconds the server's processes and this process
 * (the worst case's client) used. Exits 1 when one is missed, 2 when wrk is not installed.
 * NOISY_ONLY=a,d runs only those worst cases; NOISY_PROFILE=dir writes a CPU profile of each phase's server.
 *
 * The rate: NOISY_RATE (200) requests/s over NOISY_CONNECTIONS (40) connections, each pausing a random
 * exponential time (mean connections/rate) between requests, so arrivals are close to a steady stream of
 * independent visitors. 200/s is several times a small firm's busiest hour and about a quarter of
 * bench:load's steady rate (760/s, where the server still meets its latency targets on this machine), so
 * alone the server is far from queueing and a ratio shows what the worst case took from the others, not
 * where the machine saturates. wrk is closed-loop: when the server stalls, fewer requests are sent, but
 * every request caught in the stall is counted with its full wait (--timeout is longer than any phase).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../common/limits.ts';
import { DESIGN_UPLOAD, PROFILE_PHOTO_UPLOAD } from '../common/upload-fields.ts';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema/index.ts';
import { BACKGROUND_NICENESS } from '../server/jobs/heavy-work.ts';
import { hashPassword } from '../server/modules/accounts/passwords.ts';
import { insertContacts } from '../server/test/exchanged-contacts.ts';
import { scratchPostgresDatabase } from '../server/test/scratch-database.ts';
import { multipart } from '../server/test/users.ts';
import { loadAdminData } from './admin-data.ts';
import { positiveInteger } from './env-number.ts';
import { table } from './report.ts';
import { freePort, procStatusBytes, root, startServer, stopServer, waitUntilReady } from './server.ts';
import { ownerName, seedOwners } from './uncached-data.ts';

const WRK = '/usr/bin/wrk';
const SECONDS = positiveInteger('NOISY_SECONDS', 20);
const MAX_SECONDS = positiveInteger('NOISY_MAX_SECONDS', 150);
const RATE = positiveInteger('NOISY_RATE', 200);
const CONNECTIONS = positiveInteger('NOISY_CONNECTIONS', 40);
/** Card owners: the normal load reads the first CARD_PAGES, the preview worst case goes through all. */
const OWNERS = positiveInteger('NOISY_OWNERS', 1000);
const CARD_PAGES = 20;
const ADMIN_ROWS = positiveInteger('NOISY_ADMIN_ROWS', 100_000);
const CONTACTS = 10_000;
const PRINTED_CARDS = 25;
const LOGO_SIDE = 1100;
/**
 * Visitors the normal load signs in as (noisy-visitor-N@example.test), one sign-in in NOISY_LOGIN_EVERY (200)
 * requests. Not one in 100: a sign-in hashes a password (20–40 ms) while a page answers in about 1 ms, so with
 * sign-ins at exactly 1 % the p99 fell on one side or the other of that cliff by chance: alone runs of one build
 * gave anything from 9.9 to 41.7 ms (2026-11-27). At one in 200 the p99 is the pages'; sign-ins show in p99.9.
 */
const VISITORS = 50;
const LOGIN_EVERY = positiveInteger('NOISY_LOGIN_EVERY', 200);
const PASSWORD = 'Noisy-Bench-Pass-42';
const RSS_SAMPLE_MS = 100;
const SETTLE_MAX_MS = 120_000;
/** Unmeasured normal load on each phase's fresh server: caches, connections, the JIT. */
const WARM_UP_SECONDS = 5;
/** The server counts as settled when its processes used under this share of one core over a second. */
const SETTLED_CPU = 0.1;

const TARGETS = { p99Ratio: 1.5, loopDelayMs: 50, rssMb: 400 };
const MB = 1024 * 1024;

interface LoadResult {
  requests: number;
  duration_ms: number;
  p50_ms: number;
  p99_ms: number;
  p999_ms: number;
  max_ms: number;
  errors: { connect: number; read: number; write: number; timeout: number };
  statuses: Record<string, number>;
}

interface LoopDelay {
  max_ms: number;
  p99_ms: number;
}

interface PhaseResult {
  label: string;
  load: LoadResult | undefined;
  loop: LoopDelay | undefined;
  peakRss: number;
  /** The worst-case client's answers, by status ("error" for a request that got none). */
  answers: Record<string, number>;
  crashed: boolean;
  unfinished: boolean;
  /** The measured window; then the seconds the server took to settle after it. */
  seconds: number;
  drainSeconds: number;
  /** CPU seconds over the window and the drain: the server's processes, and this process (the client). */
  serverCpu: number;
  clientCpu: number;
  /** A control phase: printed, not held to the targets. */
  control: boolean;
  note: string;
}

/** One worst case: what one client repeats for the phase, from `connections` connections at once. */
interface WorstCase {
  label: string;
  connections: number;
  /** After a 4xx, wait a second before the next try (a refused order is not retried in a tight loop). */
  pauseWhenRefused: boolean;
  /** Unmeasured work before the phase; a string says why the case cannot run. */
  prepare?(): Promise<string | undefined>;
  /** One go; the statuses it saw. */
  act?(signal: AbortSignal): Promise<number[]>;
  /** Instead of `act`: processes of their own, started for the window and stopped after it. */
  external?(): External;
  /** What the report should say about how it ran (a smaller logo than asked for). */
  note?(): string;
  /**
   * A control, not a worst case: what runs beside the load says what the machine allows, not what the server
   * does; it is printed, not held to the targets.
   */
  control?: boolean;
}

/** A worst case's own processes: stopped, they tell the answers they got and the CPU they used. */
interface External {
  stop(): Promise<{ answers: Record<string, number>; cpuSeconds: number }>;
}

if (!spawnSync(WRK, ['--version']).stdout) {
  console.error('bench:noisy drives its load with wrk: apt-get install wrk');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// The server and its processes

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-noisy-'));
const postgres = process.env.DATABASE_URL
  ? await scratchPostgresDatabase(process.env.DATABASE_URL, 'noisy')
  : undefined;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const serverEnv = {
  PUBLIC_URL: base,
  // Behind a proxy, as in production: each simulated visitor is limited on its own (X-Forwarded-For).
  TRUST_PROXY: '127.0.0.1',
  // One process: the event-loop delay read from /api/bench/loop-delay/ is that process's.
  WORKERS: '1',
  // Errors only: the start-up's warnings (no SMTP_URL…) would come again with every phase's fresh server.
  LOG_LEVEL: 'error',
  ...(postgres ? { DATABASE_URL: postgres.url, SESSION_SECRET: randomBytes(32).toString('hex') } : {}),
};
/** NOISY_PROFILE=dir: a V8 CPU profile of each phase's server in dir. */
const serverFlags = process.env.NOISY_PROFILE
  ? ['--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${path.resolve(process.env.NOISY_PROFILE)}`]
  : [];
let server: ChildProcess | undefined;
let exited = false;
/** Settles when the running server exits (a crash, during a phase). */
let serverExit: Promise<void> = new Promise(() => undefined);

async function start(): Promise<void> {
  exited = false;
  server = startServer(port, dataDir, serverEnv, serverFlags);
  const child = server;
  serverExit = new Promise((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  await waitUntilReady(base, server);
}

const pid = () => server?.pid ?? 0;

/** The server's process and every process under it (a pool of child processes counts as the server). */
async function processTree(top: number): Promise<number[]> {
  const found = [top];
  for (let i = 0; i < found.length; i++) {
    const tasks = await readdir(`/proc/${found[i]}/task`).catch(() => []);
    for (const task of tasks) {
      const children = await readFile(`/proc/${found[i]}/task/${task}/children`, 'utf8').catch(() => '');
      for (const child of children.split(/\s+/).filter(Boolean)) found.push(Number(child));
    }
  }
  return found;
}

async function treeRss(): Promise<number> {
  const sizes = await Promise.all((await processTree(pid())).map((each) => procStatusBytes(each, 'VmRSS')));
  return sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
}

/** USER_HZ: what /proc/<pid>/stat counts in, 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) of one process so far; 0 once it is gone. */
async function processTicks(each: number): Promise<number> {
  const stat = await readFile(`/proc/${each}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/** CPU ticks (user + system) of the server's processes so far. */
async function treeTicks(): Promise<number> {
  let ticks = 0;
  for (const each of await processTree(pid())) ticks += await processTicks(each);
  return ticks;
}

/** Waits until the server is idle (work left over by the last phase done), at most SETTLE_MAX_MS. */
async function settle(): Promise<void> {
  const deadline = performance.now() + SETTLE_MAX_MS;
  while (performance.now() < deadline && !exited) {
    const before = await treeTicks();
    await sleep(1000);
    if ((await treeTicks()) - before < SETTLED_CPU * TICKS_PER_SECOND) return;
  }
}

async function loopDelay(): Promise<LoopDelay | undefined> {
  try {
    const answer = await fetch(`${base}/api/bench/loop-delay/?reset=1`, {
      signal: AbortSignal.timeout(30_000),
    });
    return (await answer.json()) as LoopDelay;
  } catch {
    return undefined;
  }
}

/** VmHWM back to the current RSS, so each phase has its own peak (where the kernel lets us). */
async function resetPeak(): Promise<void> {
  await writeFile(`/proc/${pid()}/clear_refs`, '5').catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------
// The clients

/** A client's own calls: its address, its cookies (whatever the server names them), the site's Origin. */
class Client {
  cookies = new Map<string, string>();
  constructor(readonly address: string) {}

  async call(
    method: string,
    url: string,
    options: {
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    } = {},
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {
      origin: base,
      'x-forwarded-for': this.address,
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const answer = await fetch(`${base}${url}`, {
      method,
      headers,
      body: options.json === undefined ? options.body : JSON.stringify(options.json),
      signal: options.signal,
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    // Files (a PNG, a vCard) are read and dropped, as a client saving them would not parse them.
    const json = answer.headers.get('content-type')?.includes('json');
    const body: unknown = json ? await answer.json().catch(() => undefined) : await answer.arrayBuffer();
    return { status: answer.status, body };
  }

  async signIn(email: string): Promise<void> {
    this.cookies.clear();
    const answer = await this.call('POST', '/api/auth/login/', { json: { email, password: PASSWORD } });
    if (answer.status !== 200) throw new Error(`${email} could not sign in: ${answer.status}`);
  }
}

let buyerAddress = 0;
const buyer = new Client('203.0.113.10');
const admin = new Client('203.0.113.20');
const owner = new Client('203.0.113.30');
/** The anonymous worst cases' client. */
const attacker = new Client('203.0.113.40');
const uploader = new Client('203.0.113.50');
const BUYER = 'noisy-buyer@example.test';
const ADMIN = 'noisy-admin@example.test';
const OWNER = 'noisy-contacts@example.test';
const UPLOADER = 'noisy-uploader@example.test';

/** After a crash: the server again, everyone signed in again. */
async function ensureUp(crashed = true): Promise<void> {
  if (!exited) return;
  if (crashed) console.log('  restarting the server…');
  await start();
  await signInEveryone();
}

async function signInEveryone(): Promise<void> {
  await buyer.signIn(BUYER);
  await admin.signIn(ADMIN);
  await owner.signIn(OWNER);
  await uploader.signIn(UPLOADER);
}

// ---------------------------------------------------------------------------------------------------------
// The data and the worst cases' inputs

async function prepareData(): Promise<void> {
  // Card owners first (their helper migrates and seeds the catalogue), then everyone else.
  await seedOwners(dataDir, postgres?.url, OWNERS);
  const database = await openDatabase({
    databaseUrl: postgres?.url,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const person = (email: string, username: string, role: 'user' | 'admin' = 'user') => ({
      username,
      email,
      passwordHash,
      firstName: 'Noisy',
      lastName: username,
      role,
      emailVerifiedAt: new Date(),
    });
    await database.db
      .insert(users)
      .values([
        person(BUYER, 'noisy-buyer'),
        person(ADMIN, 'noisy-admin', 'admin'),
        person(UPLOADER, 'noisy-uploader'),
        ...Array.from({ length: VISITORS }, (_, i) =>
          person(`noisy-visitor-${i}@example.test`, `noisy-visitor-${i}`),
        ),
      ]);
    const [contactsOwner] = await database.db
      .insert(users)
      .values(person(OWNER, 'noisy-contacts'))
      .returning({ id: users.id });
    if (!contactsOwner) throw new Error('no contacts owner');
    for (let from = 0; from < CONTACTS; from += 1000) {
      await insertContacts(
        database.db,
        contactsOwner.id,
        Array.from({ length: 1000 }, (_, k) => ({
          name: `Visitor ${from + k} Lindqvist`,
          phone: `+46 70 ${String(from + k).padStart(7, '0')}`,
          company: 'Northwind Studio',
          jobTitle: 'Head of Partnerships',
          note: 'Met at the conference; talk about cards for the whole team next week.',
        })),
      );
    }
    process.stdout.write(`Loading ${ADMIN_ROWS} rows per admin table:\n`);
    await loadAdminData(database.db, ADMIN_ROWS);
  } finally {
    await database.close();
  }
}

/** A noisy RGBA PNG: incompressible, so as large as a picture of that size gets. */
const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 4), { raw: { width: side, height: side, channels: 4 } })
    .png()
    .toBuffer();

/** A 4096×4096 noisy JPEG as close under the upload limit as a quality step gets. */
async function largestPhoto(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 1024,
      height: 1024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const large = sharp(noise).resize(4096, 4096, { kernel: 'nearest' });
  for (let quality = 95; quality >= 40; quality -= 5) {
    const photo = await large.clone().jpeg({ quality }).toBuffer();
    if (photo.length <= MAX_IMAGE_BYTES - 4096) return photo;
  }
  throw new Error('no 4096×4096 photo fits under the upload limit');
}

/** 75,000 unknown keys in 0.8 MB of JSON, with a valid-looking e-mail and password beside them. */
function hugeJson(): string {
  const keys: string[] = [];
  for (let i = 0; i < 75_000; i++) keys.push(`"k${i.toString(36).padStart(5, '0')}":1`);
  return `{"email":"nobody@example.test","password":"x",${keys.join(',')}}`;
}

const count = (answers: Record<string, number>, statuses: Array<number | string>) => {
  for (const status of statuses) answers[status] = (answers[status] ?? 0) + 1;
};

async function worstCases(): Promise<WorstCase[]> {
  const photo = await largestPhoto();
  const jsonFile = path.join(dataDir, 'huge.json');
  await writeFile(jsonFile, hugeJson());
  const card = (await buyer.call('GET', '/api/cards/minimal-intro-card-pearl-white/')).body as {
    id: number;
    category: string;
  };
  let logo: number | undefined;
  let logoSide = 0;
  let orderId: number | undefined;
  let proofNote = '';
  let preview = 0;
  let adminList = 0;
  const adminPaths: string[] = [];

  /** The largest logo the server keeps: 1100 px, else a smaller one if that is refused. */
  async function uploadLogo(signal: AbortSignal): Promise<number[]> {
    const statuses: number[] = [];
    for (const side of [LOGO_SIDE, 800, 600, 400]) {
      const form = multipart(
        { kind: 'logo' },
        { field: DESIGN_UPLOAD.field, filename: 'logo.png', type: 'image/png', data: await noisyPng(side) },
      );
      const answer = await buyer.call('POST', '/api/design-uploads/', {
        body: new Uint8Array(form.payload),
        headers: form.headers,
        signal,
      });
      statuses.push(answer.status);
      if (answer.status === 201) {
        logo = (answer.body as { id: number }).id;
        logoSide = side;
        return statuses;
      }
      if (answer.status >= 500) return statuses;
    }
    return statuses;
  }

  /** A personalised order of `printed` cards, each with the logo; its status (the order kept for (b)). */
  async function placeOrder(printed: number, signal: AbortSignal): Promise<number> {
    const items = Array.from({ length: printed }, (_, i) => ({
      card: card.id,
      quantity: 1,
      design: card.category,
      personalisation: [
        { name: `Person ${i + 1} Lindqvist`, title: 'Engineer', company: 'Noisy Ltd', logo, qr: true },
      ],
    }));
    const answer = await buyer.call('POST', '/api/orders/', {
      json: { address: buyerAddress, items },
      headers: { 'idempotency-key': `noisy-${randomBytes(9).toString('hex')}` },
      signal,
    });
    if (answer.status < 300) orderId = (answer.body as { id: number }).id;
    else console.log(`  order: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    return answer.status;
  }

  /** When (a) placed no order (it crashed the server), a smaller one for (b), unmeasured. */
  async function someOrder(): Promise<string | undefined> {
    for (const printed of [10, 5, 2]) {
      await ensureUp();
      const signal = AbortSignal.timeout(MAX_SECONDS * 1000);
      try {
        if (logo === undefined) await uploadLogo(signal);
        await placeOrder(printed, signal);
      } catch {
        // Cut, or the server went down: try a smaller one.
      }
      await settle();
      if (orderId !== undefined) {
        proofNote = `proof of a ${printed}-card order, (a) placed none`;
        return undefined;
      }
    }
    return '(a) placed no order, nor did smaller ones';
  }

  return [
    {
      label: `(a) order of ${PRINTED_CARDS} cards, ${LOGO_SIDE}px noisy logo`,
      connections: 1,
      pauseWhenRefused: true,
      async act(signal) {
        const statuses = logo === undefined ? await uploadLogo(signal) : [];
        if (logo === undefined) return statuses;
        return [...statuses, await placeOrder(PRINTED_CARDS, signal)];
      },
      note: () => (logoSide !== 0 && logoSide !== LOGO_SIDE ? `logo ${logoSide}px` : ''),
    },
    {
      label: '(b) an admin sends the proof of that order',
      connections: 1,
      pauseWhenRefused: true,
      prepare: async () => (orderId === undefined ? someOrder() : undefined),
      note: () => proofNote,
      async act(signal) {
        const answer = await admin.call('POST', `/api/admin/orders/${orderId}/proofs/`, {
          json: { note: '' },
          signal,
        });
        if (answer.status >= 300)
          console.log(`  proof: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        return [answer.status];
      },
    },
    {
      label: '(c) 0.8 MB JSON, 75,000 keys, 4 connections',
      connections: 0,
      pauseWhenRefused: false,
      external: () => wrkSending(jsonFile, '/api/auth/login/', 4, attacker.address),
    },
    {
      label: `(d) largest photo upload (${(photo.length / MB).toFixed(1)} MB JPEG)`,
      connections: 1,
      pauseWhenRefused: true,
      async act(signal) {
        const form = multipart(
          {},
          { field: PROFILE_PHOTO_UPLOAD.field, filename: 'photo.jpg', type: 'image/jpeg', data: photo },
        );
        const answer = await uploader.call('PUT', '/api/auth/profile/', {
          body: new Uint8Array(form.payload),
          headers: form.headers,
          signal,
        });
        return [answer.status];
      },
    },
    {
      label: `(e) vCard export of ${CONTACTS.toLocaleString('en')} contacts`,
      connections: 1,
      pauseWhenRefused: true,
      async act(signal) {
        return [(await owner.call('GET', '/api/auth/contacts/export.vcf', { signal })).status];
      },
    },
    {
      label: `(f) preview pictures of ${OWNERS} cards`,
      connections: 1,
      pauseWhenRefused: true,
      async act(signal) {
        const username = ownerName(preview++ % OWNERS);
        return [
          (await attacker.call('GET', `/api/auth/public-profile/${username}/card.png`, { signal })).status,
        ];
      },
    },
    {
      label: `(g) admin lists, ${ADMIN_ROWS.toLocaleString('en')} rows a table`,
      connections: 1,
      pauseWhenRefused: true,
      async prepare() {
        if (adminPaths.length > 0) return undefined;
        const lastPage = async (list: string) => {
          const answer = await admin.call('GET', list);
          return (answer.body as { page_count?: number }).page_count ?? 1;
        };
        for (const list of ['orders', 'users', 'serials', 'audit']) {
          adminPaths.push(
            `/api/admin/${list}/`,
            `/api/admin/${list}/?page=${await lastPage(`/api/admin/${list}/`)}`,
          );
        }
        adminPaths.push(
          '/api/admin/orders/?status=shipped',
          '/api/admin/orders/?search=example.com',
          '/api/admin/users/?search=Grace',
          '/api/admin/serials/?status=suspicious',
          '/api/admin/serials/?search=IC-CLS-MB',
          '/api/admin/leads/?search=example',
          '/api/admin/dashboard/?days=90',
        );
        return undefined;
      },
      async act(signal) {
        const list = adminPaths[adminList++ % adminPaths.length] ?? '/api/admin/orders/';
        return [(await admin.call('GET', list, { signal })).status];
      },
    },
    {
      label: `(control) ${os.cpus().length} spinning processes at nice ${BACKGROUND_NICENESS}`,
      connections: 0,
      pauseWhenRefused: false,
      control: true,
      external: () => spin(os.cpus().length, BACKGROUND_NICENESS),
    },
    {
      label: '(control) 1 spinning process at nice 0',
      connections: 0,
      pauseWhenRefused: false,
      control: true,
      external: () => spin(1, 0),
    },
  ];
}

/**
 * Processes that only burn CPU, outside the server, at a given niceness: beside the load, they measure what the
 * machine allows. At the pool's niceness, every core busy is heavy work perfectly moved off the request
 * thread: the least any worst case can cost the others here. At nice 0, one core busy is what a client's
 * own work on this machine costs them (this process, sending a worst case, is such a client).
 */
function spin(count: number, niceness: number): External {
  const spinners = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    if (child.pid) os.setPriority(child.pid, niceness);
    return child;
  });
  return {
    async stop() {
      const cpuSeconds = await cpuSecondsOf(spinners);
      await Promise.all(spinners.map((child) => stopProcess(child, 'SIGKILL')));
      return { answers: {}, cpuSeconds };
    },
  };
}

/** The CPU seconds these processes used so far. */
async function cpuSecondsOf(children: ChildProcess[]): Promise<number> {
  let ticks = 0;
  for (const child of children) if (child.pid) ticks += await processTicks(child.pid);
  return ticks / TICKS_PER_SECOND;
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A wrk run against the server: one thread, `connections` connections, a script of bench/ and its env. */
function runWrk(
  script: string,
  connections: number,
  env: Record<string, string>,
  options: string[] = [],
): { child: ChildProcess; stop(): Promise<string> } {
  const child = spawn(
    WRK,
    [
      '-t1',
      `-c${connections}`,
      `-d${MAX_SECONDS + 60}s`,
      ...options,
      '-s',
      path.join(root, 'bench', script),
      base,
    ],
    { env: { ...process.env, NOISY_ORIGIN: base, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return {
    child,
    /** Stops wrk (its script's done() prints then); what it printed. */
    async stop() {
      await stopProcess(child, 'SIGINT');
      return output;
    },
  };
}

/** The JSON a wrk script printed on the line starting with `prefix`. */
function printedJson<T>(output: string, prefix: string): T | undefined {
  const line = output.split('\n').find((each) => each.startsWith(`${prefix} `));
  return line ? (JSON.parse(line.slice(prefix.length + 1)) as T) : undefined;
}

/**
 * wrk POSTing one body over and over from `connections` connections, as one client (its own address): a
 * client in C costs this machine little CPU, so the phase measures what the server spends refusing it.
 */
function wrkSending(bodyFile: string, url: string, connections: number, client: string): External {
  const wrk = runWrk('noisy-body.lua', connections, {
    NOISY_BODY_FILE: bodyFile,
    NOISY_BODY_PATH: url,
    NOISY_CLIENT: client,
  });
  return {
    async stop() {
      const cpuSeconds = await cpuSecondsOf([wrk.child]);
      const printed = await wrk.stop();
      return {
        answers: printedJson<Record<string, number>>(printed, 'NOISY_STATUSES') ?? {
          'wrk printed nothing': 1,
        },
        cpuSeconds,
      };
    },
  };
}

async function saveBuyerAddress(): Promise<void> {
  for (const country of ['Ireland', 'IE']) {
    const answer = await buyer.call('POST', '/api/auth/address/', {
      json: { address: '12 Harbour Road', city: 'Cork', state: '', country, postal_code: 'T12 X123' },
    });
    if (answer.status === 201) {
      buyerAddress = (answer.body as { id: number }).id;
      return;
    }
  }
  throw new Error('the buyer’s address was refused');
}

// ---------------------------------------------------------------------------------------------------------
// A phase

interface Load {
  stop(): Promise<LoadResult | undefined>;
  stopAfter(seconds: number): Promise<LoadResult | undefined>;
}

function startLoad(paths: string[]): Load {
  const wrk = runWrk(
    'noisy-load.lua',
    CONNECTIONS,
    {
      NOISY_PATHS: paths.join(' '),
      NOISY_LOGIN_EVERY: String(LOGIN_EVERY),
      NOISY_LOGIN_ACCOUNTS: String(VISITORS),
      NOISY_LOGIN_PASSWORD: PASSWORD,
      NOISY_MEAN_DELAY_MS: String((CONNECTIONS / RATE) * 1000),
    },
    // Every answer's latency is recorded however long it took (wrk drops those past its timeout).
    ['--timeout', '600s'],
  );
  const stop = async () => printedJson<LoadResult>(await wrk.stop(), 'NOISY_JSON');
  return {
    stop,
    async stopAfter(seconds: number) {
      await sleep(seconds * 1000);
      return stop();
    },
  };
}

async function runPhase(label: string, paths: string[], worst?: WorstCase): Promise<PhaseResult> {
  const result: PhaseResult = {
    label,
    load: undefined,
    loop: undefined,
    peakRss: 0,
    answers: {},
    crashed: false,
    unfinished: false,
    seconds: 0,
    drainSeconds: 0,
    serverCpu: 0,
    clientCpu: 0,
    control: worst?.control === true,
    note: '',
  };
  const why = await worst?.prepare?.();
  if (why) {
    result.note = `not run: ${why}`;
    return result;
  }
  // Each phase on a fresh server, warmed up: what it measures is this worst case's, not what an earlier
  // one left in memory.
  if (server) await stopServer(server);
  exited = true;
  await ensureUp(false);
  await startLoad(paths).stopAfter(WARM_UP_SECONDS);
  await settle();
  await loopDelay();
  await resetPeak();
  const sampler = setInterval(() => {
    void treeRss().then((rss) => {
      if (rss > result.peakRss) result.peakRss = rss;
    });
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  const serverTicks = await treeTicks();
  const clientCpu = process.cpuUsage();
  const load = startLoad(paths);
  const external = worst?.external?.();
  const abort = new AbortController();
  let starting = true;
  const client = async () => {
    while (starting && !exited && worst?.act) {
      try {
        const statuses = await worst.act(abort.signal);
        count(result.answers, statuses);
        if (worst.pauseWhenRefused && statuses.some((status) => status >= 400 && status < 500))
          await sleep(1000);
      } catch {
        count(result.answers, ['error']);
        if (!exited && !abort.signal.aborted) await sleep(1000);
      }
    }
  };
  const clients = Promise.all(Array.from({ length: worst?.connections ?? 0 }, client));
  const crash = serverExit.then(() => 'crash' as const);
  await Promise.race([sleep(SECONDS * 1000), crash]);
  starting = false;
  let externalCpu = 0;
  if (external) {
    const stopped = await external.stop();
    for (const [status, n] of Object.entries(stopped.answers))
      result.answers[status] = (result.answers[status] ?? 0) + n;
    externalCpu = stopped.cpuSeconds;
  }
  const cut = sleep(Math.max(0, MAX_SECONDS * 1000 - (performance.now() - started)), 'cut' as const);
  if ((await Promise.race([clients.then(() => 'done' as const), crash, cut])) === 'cut') {
    result.unfinished = true;
    abort.abort();
    await clients;
  }
  result.seconds = (performance.now() - started) / 1000;
  result.load = await load.stop();
  // What the server still does for the worst case (an abandoned request, work after the answer) counts
  // towards the phase's delay, memory and crash, not towards the next phase.
  const draining = performance.now();
  await settle();
  result.drainSeconds = (performance.now() - draining) / 1000;
  result.serverCpu = ((await treeTicks()) - serverTicks) / TICKS_PER_SECOND;
  const clientUsage = process.cpuUsage(clientCpu);
  result.clientCpu = (clientUsage.user + clientUsage.system) / 1e6 + externalCpu;
  clearInterval(sampler);
  result.crashed = exited;
  if (!exited) {
    result.loop = await loopDelay();
    result.peakRss = Math.max(result.peakRss, (await procStatusBytes(pid(), 'VmHWM')) ?? 0);
  }
  result.note = worst?.note?.() ?? '';
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// The report

const fixed = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

function serverErrors(phase: PhaseResult): { load: number; client: number } {
  const fives = (answers: Record<string, number>) =>
    Object.entries(answers).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0);
  return { load: fives(phase.load?.statuses ?? {}), client: fives(phase.answers) };
}

function report(alone: PhaseResult, phases: PhaseResult[], again: PhaseResult): boolean {
  const base50 = alone.load?.p50_ms ?? Number.NaN;
  const base99 = alone.load?.p99_ms ?? Number.NaN;
  const rows = [
    [
      'phase',
      's',
      'drain s',
      'req/s',
      'p50 ms',
      'p99 ms',
      'p99.9 ms',
      'p50 ×',
      'p99 ×',
      'loop max ms',
      'loop p99 ms',
      'peak RSS MB',
      'server CPU s',
      'client CPU s',
      '5xx load/client',
      'load errors',
      'client answers',
      'server',
    ],
    ...[alone, ...phases, again].map((phase) => {
      const load = phase.load;
      const errors = load
        ? load.errors.connect + load.errors.read + load.errors.write + load.errors.timeout
        : 0;
      const fives = serverErrors(phase);
      const answers = Object.entries(phase.answers)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      return [
        phase.label,
        fixed(phase.seconds),
        fixed(phase.drainSeconds),
        load ? fixed(load.requests / (load.duration_ms / 1000)) : '–',
        fixed(load?.p50_ms, 1),
        fixed(load?.p99_ms, 1),
        fixed(load?.p999_ms, 1),
        load ? fixed(load.p50_ms / base50, 2) : '–',
        load ? fixed(load.p99_ms / base99, 2) : '–',
        fixed(phase.loop?.max_ms),
        fixed(phase.loop?.p99_ms),
        phase.peakRss ? fixed(phase.peakRss / MB) : '–',
        fixed(phase.serverCpu, 1),
        fixed(phase.clientCpu, 1),
        `${fives.load}/${fives.client}`,
        String(errors),
        answers || '–',
        [
          phase.note.startsWith('not run')
            ? ''
            : phase.crashed
              ? 'CRASHED'
              : phase.unfinished
                ? `unfinished at ${MAX_SECONDS} s`
                : 'up',
          phase.note,
        ]
          .filter(Boolean)
          .join(', '),
      ];
    }),
  ];
  console.log(`\n${table(rows)}\n`);
  const statuses = (phase: PhaseResult) =>
    Object.entries(phase.load?.statuses ?? {})
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  console.log(`Normal load's answers, alone: ${statuses(alone)}; again at the end: ${statuses(again)}`);

  let passed = true;
  console.log('\nTargets:');
  for (const phase of phases) {
    if (phase.note.startsWith('not run')) {
      console.log(`SKIP  ${phase.label}: ${phase.note}`);
      continue;
    }
    if (phase.control) {
      const ratio = (phase.load?.p99_ms ?? Number.NaN) / base99;
      console.log(
        `INFO  ${phase.label}: others' p99 ${fixed(ratio, 2)}× alone, loop ${fixed(phase.loop?.max_ms)} ms`,
      );
      continue;
    }
    const fives = serverErrors(phase);
    const ratio = (phase.load?.p99_ms ?? Number.POSITIVE_INFINITY) / base99;
    const checks: Array<[string, boolean]> = [
      [
        `no crash and no 5xx (${phase.crashed ? 'crashed' : 'up'}, ${fives.load} to the load, ${fives.client} to the client)`,
        !phase.crashed && fives.load === 0 && fives.client === 0,
      ],
      [`others' p99 ≤ ${TARGETS.p99Ratio}× alone (${fixed(ratio, 2)}×)`, ratio <= TARGETS.p99Ratio],
      [
        `event-loop delay < ${TARGETS.loopDelayMs} ms (${fixed(phase.loop?.max_ms)} ms)`,
        (phase.loop?.max_ms ?? Number.POSITIVE_INFINITY) < TARGETS.loopDelayMs,
      ],
      [
        `peak RSS < ${TARGETS.rssMb} MB (${phase.crashed ? 'crashed' : fixed(phase.peakRss / MB)} MB)`,
        !phase.crashed && phase.peakRss < TARGETS.rssMb * MB,
      ],
    ];
    for (const [name, pass] of checks) {
      console.log(`${pass ? 'PASS' : 'FAIL'}  ${phase.label}: ${name}`);
      if (!pass) passed = false;
    }
  }
  return passed;
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const kind = postgres ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(`Database: ${kind}. Preparing ${OWNERS} card owners, ${CONTACTS} contacts…`);
  await prepareData();
  await start();
  await signInEveryone();
  await saveBuyerAddress();
  const cardSlug = 'classic-intro-card-matte-black';
  const paths = [
    '/',
    '/cards',
    `/cards/${cardSlug}`,
    '/services',
    '/api/cards/?page=1',
    '/api/cards/?page=2',
    `/api/cards/${cardSlug}/`,
    ...Array.from({ length: CARD_PAGES }, (_, i) => `/profile/${ownerName(i)}`),
  ];
  // NOISY_ONLY=a,d runs only those worst cases (their letters), to look at one closely.
  const only = (process.env.NOISY_ONLY ?? '').split(',').filter(Boolean);
  const cases = (await worstCases()).filter(
    (worst) => only.length === 0 || only.some((letter) => worst.label.startsWith(`(${letter})`)),
  );
  console.log(
    `Normal load: ${RATE} requests/s over ${CONNECTIONS} connections (wrk), one in ${LOGIN_EVERY} a sign-in; ` +
      `${SECONDS} s a phase (up to ${MAX_SECONDS} s while a worst case finishes). ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, ` +
      `${new Date().toISOString().slice(0, 16)} UTC.`,
  );
  const alone = await runPhase('alone', paths);
  console.log(`  alone: p50 ${fixed(alone.load?.p50_ms, 1)} ms, p99 ${fixed(alone.load?.p99_ms, 1)} ms`);
  const phases: PhaseResult[] = [];
  for (const worst of cases) {
    process.stdout.write(`  ${worst.label}… `);
    const phase = await runPhase(worst.label, paths, worst);
    phases.push(phase);
    console.log(
      phase.note.startsWith('not run')
        ? phase.note
        : `${phase.crashed ? 'CRASHED, ' : ''}p99 ${fixed(phase.load?.p99_ms, 1)} ms, loop ${fixed(phase.loop?.max_ms)} ms, ${fixed(phase.peakRss / MB)} MB`,
    );
    await ensureUp();
  }
  const again = await runPhase('alone, again at the end', paths);
  return report(alone, phases, again) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('bench:noisy failed:', error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  if (server) await stopServer(server);
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(code);

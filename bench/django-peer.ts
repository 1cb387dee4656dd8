/**
 * The Django REST peer of `npm run bench` (issue 20): `bench/django-peer/`, the original system's stack
 * (Django REST framework behind gunicorn) answering `GET /api/cards/?page=n` from a PostgreSQL database the
 * bench seeds. Included when a `python3` (the one on PATH, else Debian's `/usr/bin/python3`, or
 * DJANGO_PEER_PYTHON) imports `rest_framework`, `psycopg2` and `gunicorn`; skipped with a printed line
 * otherwise, so the bench passes or fails as without it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { scratchPostgresDatabase } from '../server/test/scratch-database.ts';
import { freePort, root, stopServer } from './server.ts';

const PEER_DIR = path.join(root, 'bench', 'django-peer');
const READY_TIMEOUT_MS = 30_000;
const INSTALL = 'apt-get install -y python3-djangorestframework python3-psycopg2 gunicorn';

/** The PostgreSQL server the benches make scratch databases on. */
export const postgresServerUrl = () =>
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface DjangoPeer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The first interpreter that has everything the peer needs, or undefined. */
function peerPython(): string | undefined {
  const candidates = process.env.DJANGO_PEER_PYTHON
    ? [process.env.DJANGO_PEER_PYTHON]
    : ['python3', '/usr/bin/python3'];
  return candidates.find(
    (python) =>
      spawnSync(python, ['-c', 'import rest_framework, psycopg2, gunicorn'], { stdio: 'ignore' }).status ===
      0,
  );
}

/** Whether the peer can run here; prints why not when it cannot. */
export function djangoPeerAvailable(): boolean {
  if (peerPython()) return true;
  console.log(
    `Django REST peer: skipped (no python3 with rest_framework, psycopg2 and gunicorn; to include it: ${INSTALL}).`,
  );
  return false;
}

async function waitForPeer(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The Django REST peer exited (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/cards/?page=1`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The Django REST peer was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts the peer with gunicorn (bench/django-peer/gunicorn.conf.py: the configuration measured best) on a
 * free port, reading `databaseUrl`. Call djangoPeerAvailable() first.
 */
export async function startDjangoPeer(databaseUrl: string): Promise<DjangoPeer> {
  const python = peerPython();
  if (!python) throw new Error('No python3 with rest_framework, psycopg2 and gunicorn');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = ['-m', 'gunicorn', '--config', 'gunicorn.conf.py', '--bind', `127.0.0.1:${port}`, 'peer.wsgi'];
  const child = spawn(python, args, {
    cwd: PEER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DJANGO_SECRET_KEY: randomBytes(32).toString('hex'),
      PYTHONDONTWRITEBYTECODE: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForPeer(baseUrl, child);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  console.log(`Django REST peer: gunicorn on ${baseUrl} (${python}).`);
  return { baseUrl, stop: () => stopServer(child) };
}

/** A scratch PostgreSQL database with what the server's start-up writes (the demo catalogue's 14 cards). */
export async function seededPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const scratch = await scratchPostgresDatabase(postgresServerUrl(), prefix);
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
    try {
      await prepareDatabase(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return scratch;
}

interface CardPageBody {
  count?: unknown;
  next?: unknown;
  previous?: unknown;
  results?: { id?: unknown }[];
}

async function firstPage(baseUrl: string): Promise<CardPageBody> {
  const response = await fetch(`${baseUrl}/api/cards/?page=1`);
  if (!response.ok) throw new Error(`${baseUrl}/api/cards/?page=1 answered ${response.status}`);
  return (await response.json()) as CardPageBody;
}

/**
 * Throws unless the peer answers page 1 as we do: the same count, the same cards field for field, and
 * links on the same sides (their hosts differ).
 */
export async function checkSameCatalogue(ours: string, peer: string): Promise<void> {
  const [a, b] = await Promise.all([firstPage(ours), firstPage(peer)]);
  const ids = (page: CardPageBody) => JSON.stringify(page.results?.map((card) => card.id));
  const differences = [
    a.count !== b.count && `count ${a.count} against ${b.count}`,
    (a.next === null) !== (b.next === null) && `next ${a.next} against ${b.next}`,
    (a.previous === null) !== (b.previous === null) && `previous ${a.previous} against ${b.previous}`,
    ids(a) !== ids(b) && `ids ${ids(a)} against ${ids(b)}`,
    ids(a) === ids(b) && !isDeepStrictEqual(a.results, b.results) && 'the cards differ in their fields',
  ].filter(Boolean);
  if (differences.length > 0 || !a.results?.length)
    throw new Error(
      `The Django REST peer does not answer /api/cards/?page=1 as we do: ${differences.join('; ') || 'no cards'}`,
    );
  console.log(
    `Django REST peer: answers /api/cards/?page=1 as we do (${a.count} cards, ${a.results.length} on page 1).`,
  );
}

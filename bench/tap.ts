/**
 * What verifying a secure chip adds to a tap: `npm run bench` (after the catalogue).
 *
 * Starts the built server on a fresh embedded database holding one owner with a card without a secure chip
 * and one with (SUN, key version 2), then taps each over real HTTP, one request at a time, alternating so
 * both see the same machine: the plain link, and the chip's link with a fresh counter every time (decrypted,
 * MAC-checked, counter accepted, event recorded, x/5 asked). Prints each p50 and p95, the ratio and the
 * milliseconds SUN adds at p50 (each tap on an otherwise idle server), and checks the target (under 1 ms; TAP_SUN_ADDED_MS overrides).
 * TAP_RUNS sets the taps of each kind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { cardKeys } from '../server/modules/registry/sun/card-keys.ts';
import { decryptPiccData, macMatches } from '../server/modules/registry/sun/sdm-message.ts';
import { DEMO_CARD_OWNERS } from '../server/test/card-owners.ts';
import { simulatedTapUrl, sunMessage } from '../server/test/sun-simulator.ts';
import { seedTapCards } from '../server/test/tap-cards.ts';
import { positiveInteger, positiveNumber } from './env-number.ts';
import { percentile, table } from './report.ts';
import { freePort, startServer, stopServer, waitUntilReady } from './server.ts';

const WARMUPS = 200;
/**
 * A pause before each measured tap: a fresh tap's x/5 count runs after its answer, and must not be billed to
 * the next tap, nor hidden in it.
 */
const GAP_MS = 8;

/** One tap, timed from the request to its redirect (the page it leads to is another benchmark's). */
async function timedTap(url: string): Promise<number> {
  await sleep(GAP_MS);
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  const elapsed = performance.now() - started;
  if (response.status !== 302) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

/** The cryptography alone, in this process: keys derived, PICC data decrypted, MAC compared (µs, p50). */
function cryptoMicros(masterKeyHex: string, chip: Parameters<typeof sunMessage>[0]): number {
  const master = Buffer.from(masterKeyHex, 'hex');
  const message = sunMessage(chip, 1);
  const picc = Buffer.from(message.picc, 'hex');
  const mac = Buffer.from(message.mac, 'hex');
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const started = performance.now();
    const keys = cardKeys(master, chip.serial);
    const data = decryptPiccData(keys.sdmMetaRead, picc);
    if (!data || !macMatches(keys.sdmFileRead, data, mac))
      throw new Error('The simulated message did not verify');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return percentile(times.slice(1000), 0.5) * 1000;
}

async function main(): Promise<number> {
  const runs = positiveInteger('TAP_RUNS', 1000);
  const target = positiveNumber('TAP_SUN_ADDED_MS', 1);
  const owner = DEMO_CARD_OWNERS[0];
  if (!owner) throw new Error('No demo card owner');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-tap-'));
  const masterKeys = { v1: randomBytes(16).toString('hex'), v2: randomBytes(16).toString('hex') };
  const cards = await seedTapCards(dataDir, { ...owner, photo: false }, masterKeys.v2);
  const child = startServer(port, dataDir, {
    PUBLIC_URL: baseUrl,
    SUN_MASTER_KEY_V1: masterKeys.v1,
    SUN_MASTER_KEY_V2: masterKeys.v2,
  });
  try {
    await waitUntilReady(baseUrl, child);
    const staticUrl = `${baseUrl}/c/${cards.staticSerial}`;
    let counter = 0;
    const sunUrl = () => simulatedTapUrl(baseUrl, cards.secure, ++counter);
    for (let i = 0; i < WARMUPS; i++) {
      await timedTap(staticUrl);
      await timedTap(sunUrl());
    }
    const plain: number[] = [];
    const sun: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The message is made before the clock starts: the chip's work is not the server's.
      const url = sunUrl();
      if (i % 2 === 0) {
        plain.push(await timedTap(staticUrl));
        sun.push(await timedTap(url));
      } else {
        sun.push(await timedTap(url));
        plain.push(await timedTap(staticUrl));
      }
    }
    plain.sort((a, b) => a - b);
    sun.sort((a, b) => a - b);
    const p50 = { plain: percentile(plain, 0.5), sun: percentile(sun, 0.5) };
    const added = p50.sun - p50.plain;
    console.log(
      table([
        ['tap', 'p50 ms', 'p95 ms'],
        ['static /c/{serial}', p50.plain.toFixed(3), percentile(plain, 0.95).toFixed(3)],
        ['SUN /c/{serial}?e=&c= (fresh)', p50.sun.toFixed(3), percentile(sun, 0.95).toFixed(3)],
      ]),
    );
    const pass = added < target;
    console.log(
      `of which the cryptography (keys derived uncached, decrypt, MAC): ${cryptoMicros(masterKeys.v2, cards.secure).toFixed(0)} µs p50`,
    );
    console.log(
      `\nSUN / static p50: ${(p50.sun / p50.plain).toFixed(2)}×, SUN adds ${added.toFixed(3)} ms at p50 ` +
        `(target < ${target} ms): ${pass ? 'PASS' : 'FAIL'}  [${runs} taps of each]`,
    );
    return pass ? 0 : 1;
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

import { sql } from 'drizzle-orm';
import type { TapEventKind, TapRejection } from '../../../../common/tap-proof.ts';
import type { Db } from '../../../db/client.ts';
import { serials, tapEvents } from '../../../db/schema/index.ts';
import { type CardKeys, cardKeys } from './card-keys.ts';
import type { SunMasterKeys } from './master-keys.ts';
import { decryptPiccData, macMatches, type PiccData } from './sdm-message.ts';
import { sunQueryOf } from './sun-url.ts';

/** What the registry knows of a tapped serial's chip (its row in `serials`). */
export interface TapChip {
  id: number;
  serial: string;
  chipUid: string | null;
  sunKeyVersion: number | null;
  sunNextKeyVersion: number | null;
}

/** Who tapped: keyed hashes of the client's address and of its network (server/http/client-id.ts). */
export interface Tapper {
  client: string;
  network: string;
}

/** What a tap proved, and for an unproven secure-chip tap why not. */
type TapVerdict =
  | { proof: 'verified' }
  | { proof: 'unproven'; rejection: TapRejection }
  | { proof: 'static' };

/** A message that decrypted, matched its UID and its MAC under one key version. */
interface ProvenMessage {
  picc: PiccData;
  version: number;
}

/** What the message says before the counter is checked: proven, or the event it is recorded as. */
type Reading =
  | { kind: 'proven'; message: ProvenMessage }
  | { kind: 'rejected'; event: TapEventKind; rejection: TapRejection; picc?: PiccData; version?: number };

export interface TapVerificationDeps {
  db: Db;
  keys: SunMasterKeys;
  /** Told once per version that a card's key version is not configured (never the key itself). */
  warn(message: string): void;
}

const warnedVersions = new Set<number>();

/**
 * Card keys already derived (five AES-CMAC diversifications a card): a tapped card is often tapped again.
 * Bounded; kept with the master key they came from, so another configuration never reuses them.
 */
const derivedKeys = new Map<string, { master: Buffer; keys: CardKeys }>();
const DERIVED_KEYS_KEPT = 2000;

function keysOf(master: Buffer, version: number, serial: string): CardKeys {
  const name = `${version}:${serial}`;
  const kept = derivedKeys.get(name);
  if (kept?.master === master) return kept.keys;
  const keys = cardKeys(master, serial);
  if (derivedKeys.size >= DERIVED_KEYS_KEPT) derivedKeys.delete(derivedKeys.keys().next().value as string);
  derivedKeys.set(name, { master, keys });
  return keys;
}

function keyFor(deps: TapVerificationDeps, version: number): Buffer | undefined {
  const key = deps.keys.key(version);
  if (!key && !warnedVersions.has(version)) {
    warnedVersions.add(version);
    deps.warn(
      `A secure card was tapped whose key version ${version} is not configured (SUN_MASTER_KEY_V${version})`,
    );
  }
  return key;
}

/**
 * Reads a secure chip's message under each version the card may hold (its current one, then the one it is
 * being re-keyed to). The UID must be the one bound to the serial: keys are diversified from the serial, so
 * a chip of another serial cannot decrypt here, and a blank chip programmed with copied keys has another UID.
 */
function readMessage(deps: TapVerificationDeps, chip: TapChip, search: URLSearchParams): Reading {
  const query = sunQueryOf(search);
  if (query.kind === 'absent') return { kind: 'rejected', event: 'static', rejection: 'missing' };
  if (query.kind === 'malformed') return { kind: 'rejected', event: 'malformed', rejection: 'malformed' };
  const versions = [chip.sunKeyVersion, chip.sunNextKeyVersion].filter((v): v is number => v !== null);
  let rejected: Reading = { kind: 'rejected', event: 'bad_mac', rejection: 'bad_mac' };
  for (const version of versions) {
    const master = keyFor(deps, version);
    if (!master) continue;
    const keys = keysOf(master, version, chip.serial);
    const picc = decryptPiccData(keys.sdmMetaRead, query.message.picc);
    if (!picc) continue;
    // The MAC first: a message under another key still decrypts to the chip's tag one time in 256, and
    // its random "UID" is no clone. Another UID under a good MAC is: our keys copied onto another chip.
    if (!macMatches(keys.sdmFileRead, picc, query.message.mac)) {
      rejected = { kind: 'rejected', event: 'bad_mac', rejection: 'bad_mac', picc, version };
      continue;
    }
    if (picc.uid !== chip.chipUid) {
      rejected = { kind: 'rejected', event: 'unknown_uid', rejection: 'unknown_uid', picc, version };
      continue;
    }
    return { kind: 'proven', message: { picc, version } };
  }
  return rejected;
}

/**
 * Events of one kind one client's taps of one serial leave in the registry per window. Serials cannot be
 * guessed, so a flood has to hammer the few it knows; past this it still gets its page, and the rows it would
 * add tell the firm nothing the first ones did not. Counted per kind, so plain taps cannot use up the room a
 * replay needs to be seen; a fresh chip tap is always recorded.
 */
const RECORDED_PER_CLIENT = 10;
const RECORDING_WINDOW = sql.raw(`interval '10 minutes'`);

/** Whether this client still has room for this kind in the serial's window: a condition for the insert. */
function roomFor(chip: TapChip, tapper: Tapper, kind: TapEventKind) {
  return sql`(select count(*) from ${tapEvents}
              where ${tapEvents.serialId} = ${chip.id} and ${tapEvents.client} = ${tapper.client}
                and ${tapEvents.kind} = ${kind}
                and ${tapEvents.createdAt} > now() - ${RECORDING_WINDOW}) < ${RECORDED_PER_CLIENT}`;
}

/** A tap's event, with what the message said when it decrypted (within the client's room). */
async function recordTap(
  db: Db,
  chip: TapChip,
  tapper: Tapper,
  event: {
    kind: TapEventKind;
    uid?: string | undefined;
    counter?: number | undefined;
    version?: number | undefined;
  },
): Promise<void> {
  await db.execute(sql`
    insert into ${tapEvents} (serial_id, kind, uid, counter, key_version, client, network)
    select ${chip.id}, ${event.kind}, ${event.uid ?? null}, ${event.counter ?? null}, ${event.version ?? null},
           ${tapper.client}, ${tapper.network}
    where ${roomFor(chip, tapper, event.kind)}`);
}

/**
 * Accepts a proven message's counter and records the tap, in one statement. Only a counter above the last
 * accepted one wins (two processes racing with one URL: the row lock makes the second re-read the first's
 * counter and lose); a message under the version the card is being re-keyed to makes that version current
 * and starts its counter afresh. Answers whether this tap was the fresh one.
 */
async function acceptCounter(
  db: Db,
  chip: TapChip,
  tapper: Tapper,
  message: ProvenMessage,
): Promise<boolean> {
  const { version, picc } = message;
  const result = await db.execute(sql`
    with won as (
      update ${serials}
      set sun_counter = ${picc.counter},
          sun_key_version = ${version},
          sun_next_key_version = case when sun_next_key_version = ${version} then null else sun_next_key_version end
      where id = ${chip.id}
        and ((sun_key_version = ${version} and coalesce(sun_counter, -1) < ${picc.counter})
             or sun_next_key_version = ${version})
      returning id
    ), logged as (
      insert into ${tapEvents} (serial_id, kind, uid, counter, key_version, client, network)
      select ${chip.id}, case when exists (select 1 from won) then 'fresh' else 'replayed' end,
             ${picc.uid}, ${picc.counter}, ${version}, ${tapper.client}, ${tapper.network}
      where exists (select 1 from won) or ${roomFor(chip, tapper, 'replayed')}
    )
    select exists (select 1 from won) as fresh`);
  // node-postgres and PGlite both answer with `rows`.
  const [row] = (result as unknown as { rows: { fresh: boolean }[] }).rows;
  return row?.fresh === true;
}

/**
 * What a tap of a known serial proved (AN12196 SUN): a card without a secure chip is `static`; a secure
 * card's message must decrypt under its key, carry its bound UID and a valid MAC, and a counter above the
 * last one accepted. Every tap is recorded in `tap_events` for the registry's signals; a secure card opened
 * without a message is recorded as a static tap (a link typed or kept), and is unproven.
 */
export async function verifyTap(
  deps: TapVerificationDeps,
  chip: TapChip,
  search: URLSearchParams,
  tapper: Tapper,
): Promise<TapVerdict> {
  if (chip.sunKeyVersion === null) {
    await recordTap(deps.db, chip, tapper, { kind: 'static' });
    return { proof: 'static' };
  }
  const reading = readMessage(deps, chip, search);
  if (reading.kind === 'rejected') {
    await recordTap(deps.db, chip, tapper, {
      kind: reading.event,
      uid: reading.picc?.uid,
      counter: reading.picc?.counter,
      version: reading.version,
    });
    return { proof: 'unproven', rejection: reading.rejection };
  }
  const fresh = await acceptCounter(deps.db, chip, tapper, reading.message);
  return fresh ? { proof: 'verified' } : { proof: 'unproven', rejection: 'replayed' };
}

import { inspect } from 'node:util';

const REDACTED = '[SUN master keys: redacted]';

/**
 * The SUN master keys by version (`SUN_MASTER_KEY_V1`, `_V2`, …). They live only in configuration: never in
 * the database, never logged (printing or serialising this object shows no key), never sent anywhere.
 * New cards get the newest version; a card keeps the version it was encoded with until it is re-keyed.
 */
export class SunMasterKeys {
  readonly #keys: ReadonlyMap<number, Buffer>;

  constructor(keys: ReadonlyMap<number, Buffer>) {
    this.#keys = keys;
  }

  /** The versions configured, oldest first. */
  get versions(): number[] {
    return [...this.#keys.keys()].sort((a, b) => a - b);
  }

  /** The version new cards are encoded with: the newest configured, or undefined when none is. */
  get current(): number | undefined {
    return this.versions.at(-1);
  }

  key(version: number): Buffer | undefined {
    return this.#keys.get(version);
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/** The chip keeps a key's version in one byte. */
const MAX_KEY_VERSION = 255;

const VARIABLE = /^SUN_MASTER_KEY_V([1-9]\d{0,2})$/;

/**
 * Reads every `SUN_MASTER_KEY_V{n}` (32 hexadecimal characters: an AES-128 key). A malformed one is an
 * error naming the variable, never its value.
 */
export function sunMasterKeysFrom(env: Record<string, string | undefined>): {
  keys: SunMasterKeys;
  problems: string[];
} {
  const keys = new Map<number, Buffer>();
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(env)) {
    const match = VARIABLE.exec(name);
    if (!match?.[1] || raw === undefined || raw.trim() === '') continue;
    const value = raw.trim();
    if (Number(match[1]) > MAX_KEY_VERSION) {
      problems.push(
        `${name}: key versions go from 1 to ${MAX_KEY_VERSION} (ChangeKey writes the version in one byte)`,
      );
      continue;
    }
    if (!/^[0-9a-fA-F]{32}$/.test(value)) {
      problems.push(
        `${name} must be 32 hexadecimal characters (an AES-128 key; make one with: openssl rand -hex 16)`,
      );
      continue;
    }
    if (/^0+$/.test(value)) {
      problems.push(`${name} must not be all zeros (the chip's factory key)`);
      continue;
    }
    keys.set(Number(match[1]), Buffer.from(value, 'hex'));
  }
  return { keys: new SunMasterKeys(keys), problems };
}

import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { loadStrengthEstimator, ownWords, tooWeakMessage } from '../../../common/password-strength.ts';
import { AppError } from '../../errors.ts';
import { boundedQueue } from '../../storage/bounded-queue.ts';

/** argon2id (algorithm 2 in @node-rs/argon2's const enum) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run one at a time; the others wait their turn. Each one holds 19 MiB (memoryCost) on a libuv pool
 * thread, so a burst of log-ins put up to four of them (the pool's size), 76 MiB, on the server's resident
 * memory: they were the peaks of `npm run bench:load` (decision 030, 2026-11-25). One at a time keeps a log-in
 * at its ~30 ms and caps log-ins near 30/s per process, far above a shop's; the wait is in the event loop.
 */
const hashing = boundedQueue({ concurrency: 1 });

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// A real hash to verify against when there is no user, so "no such account" costs the same time.
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** The 10,000 most common passwords (ranked list of zxcvbn-ts), lower-cased. */
const common = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((word) => word.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/**
 * Refuses a new password that is too easy to guess, with advice, as a field error. `facts` are what an
 * attacker knows of the owner (name, e-mail, username); the firm's name is always added.
 */
export async function rejectWeakPassword(
  password: string,
  facts: string[],
  field = 'password',
): Promise<void> {
  const strength = (await loadStrengthEstimator())(password, ownWords(...facts));
  if (strength.acceptable) return;
  const message = tooWeakMessage(strength);
  throw new AppError('bad_request', message, { [field]: [message] });
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type SunMasterKeys, sunMasterKeysFrom } from './modules/registry/sun/master-keys.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false'])
    .default(fallback)
    .transform((value) => value === '1' || value === 'true');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An address, a CIDR range, or one of proxy-addr's names for the ranges (what Fastify's trustProxy takes). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For) and scheme: their addresses. Unset, the
 * headers are ignored, so a visitor cannot pick the address its rate limits are kept under.
 */
const trustProxy = optionalString.pipe(
  z
    .string()
    .transform((value, context): string[] => {
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      context.addIssue({
        code: 'custom',
        message: 'must be the proxy addresses, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8 or loopback)',
      });
      return z.NEVER;
    })
    .optional(),
);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Nexa Digital <no-reply@localhost>'),
  MAIL_TO_SALES: z.email().default('sales@localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  BENCH: flag('0'),
  BENCH_UNCACHED: flag('0'),
  SEED_DEMO: flag('1'),
  TRUST_PROXY: trustProxy,
  ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/, 'must be a Stripe secret or restricted key (sk_test_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_[0-9A-Za-z+/=]{8,}$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  /** Where the Stripe library sends its calls: Stripe itself unless set (the tests' local stand-in). */
  STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where media files live; under DATA_DIR unless a test points elsewhere. */
  mediaDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailToSales: string;
  logLevel: string;
  /** Server processes sharing the port (node:cluster, round-robin); above 1 needs DATABASE_URL. */
  workers: number;
  /** Exposes /api/bench/ping, a constant route the benchmark compares against. */
  bench: boolean;
  /** With BENCH: no answer is kept, so every read is a miss (the uncached bench measures that path). */
  benchUncached: boolean;
  /** An empty installation gets the demo catalogue and serials (a real shop starts without them). */
  seedDemo: boolean;
  /** Fastify's trustProxy: false, or the addresses of the proxies whose X-Forwarded-* headers count. */
  trustProxy: false | string[];
  /** Orders one user may place in an hour; one client address twice that (a shop selling in bulk raises it). */
  ordersPerHour: number;
  /** `SUN_MASTER_KEY_V{n}`: the master keys secure chips' keys are diversified from (never logged). */
  sunMasterKeys: SunMasterKeys;
  /** Card payments through Stripe: both keys set, or none (then "Pay now" is hidden and nothing else changes). */
  stripe: StripeConfig | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); Stripe's own when undefined. */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Reads `.env` when present (real environment variables win), then validates. */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  const sun = sunMasterKeysFrom(env);
  if (!result.success || sun.problems.length > 0) {
    const problems = (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${[...problems, ...sun.problems].join('; ')}`);
  }
  const value = result.data;
  if (value.NODE_ENV === 'production' && value.DATABASE_URL && !value.SESSION_SECRET) {
    // Processes sharing one PostgreSQL must share the secret too; one generated per host would not be.
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required in production with DATABASE_URL',
    );
  }
  if (value.WORKERS > 1 && !value.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: WORKERS above 1 needs DATABASE_URL (the embedded database belongs to one process)',
    );
  }
  if (Boolean(value.STRIPE_SECRET_KEY) !== Boolean(value.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together (card payments need both)',
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    publicUrl,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: value.DATABASE_URL,
    sessionSecret: value.SESSION_SECRET,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    mailToSales: value.MAIL_TO_SALES,
    logLevel: value.LOG_LEVEL,
    workers: value.WORKERS,
    bench: value.BENCH,
    benchUncached: value.BENCH && value.BENCH_UNCACHED,
    seedDemo: value.SEED_DEMO,
    trustProxy: value.TRUST_PROXY ?? false,
    ordersPerHour: value.ORDERS_PER_HOUR,
    sunMasterKeys: sun.keys,
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            apiUrl: value.STRIPE_API_URL,
          }
        : undefined,
  };
}

/** SESSION_SECRET, or one generated once and kept in DATA_DIR (the embedded, one-process setup). */
export function sessionSecretOf(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

const SITE_ADDRESS_FILE = 'site-address';

/** The server notes where it was last started, for the command-line tools that print links to it. */
export function rememberSiteAddress(config: Config): void {
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, SITE_ADDRESS_FILE), `${config.publicUrl}\n`);
}

/** Where a tool's idea of the site's address came from. */
type SiteAddressSource = 'PUBLIC_URL' | 'PORT' | 'last start' | 'default';

/**
 * The site's address for a tool's links: PUBLIC_URL or PORT when the tool was given one, else the address
 * the server on this DATA_DIR last ran at (a site started with `PORT=3200` is not at :3000), else the default.
 */
export function siteAddressForTools(
  config: Config,
  env: Record<string, string | undefined>,
): { url: string; from: SiteAddressSource } {
  if (env.PUBLIC_URL) return { url: config.publicUrl, from: 'PUBLIC_URL' };
  if (env.PORT) return { url: config.publicUrl, from: 'PORT' };
  try {
    const remembered = readFileSync(path.join(config.dataDir, SITE_ADDRESS_FILE), 'utf8').trim();
    if (remembered) return { url: remembered, from: 'last start' };
  } catch {
    // Never started on this DATA_DIR.
  }
  return { url: config.publicUrl, from: 'default' };
}

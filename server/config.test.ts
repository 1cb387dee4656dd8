import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, rememberSiteAddress, siteAddressForTools } from './config.ts';

describe('parseConfig', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.bench).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it('reads the proxies to trust and whether to seed the demo data', () => {
    const config = parseConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback', SEED_DEMO: '0' });
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(config.seedDemo).toBe(false);
  });

  it('treats empty values as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = parseConfig({ DATABASE_URL: '', SMTP_URL: ' ', PUBLIC_URL: 'https://cards.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://cards.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, /PUBLIC_URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ MAIL_TO_SALES: 'not-an-email' }, /MAIL_TO_SALES/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be the proxy addresses/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '127.0.0.1,nginx' }, /TRUST_PROXY/],
    [{ SEED_DEMO: 'no' }, /SEED_DEMO/],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid configuration: /);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

it('runs several workers only on PostgreSQL', () => {
  expect(parseConfig({ WORKERS: '4', DATABASE_URL: 'postgres://db/site' }).workers).toBe(4);
  expect(parseConfig({}).workers).toBe(1);
  expect(() => parseConfig({ WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
  expect(() => parseConfig({ WORKERS: '0', DATABASE_URL: 'postgres://db/site' })).toThrow(/WORKERS/);
});

it('tells a tool the address the server last ran at, unless the tool is given one', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-address-'));
  const tool = parseConfig({ DATA_DIR: dataDir });
  expect(siteAddressForTools(tool, {})).toEqual({ url: 'http://localhost:3000', from: 'default' });
  rememberSiteAddress(parseConfig({ DATA_DIR: dataDir, PORT: '3200' }));
  expect(siteAddressForTools(tool, {})).toEqual({ url: 'http://localhost:3200', from: 'last start' });
  const given = parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://cards.example' });
  expect(siteAddressForTools(given, { PUBLIC_URL: 'https://cards.example' })).toEqual({
    url: 'https://cards.example',
    from: 'PUBLIC_URL',
  });
});

describe('SUN master keys', () => {
  const key = '2b7e151628aed2a6abf7158809cf4f3c';

  it('reads every SUN_MASTER_KEY_V{n}, newest current, and never shows a key when printed or serialised', () => {
    const config = parseConfig({ SUN_MASTER_KEY_V1: key, SUN_MASTER_KEY_V3: key.toUpperCase() });
    expect(config.sunMasterKeys.versions).toEqual([1, 3]);
    expect(config.sunMasterKeys.current).toBe(3);
    expect(config.sunMasterKeys.key(1)?.toString('hex')).toBe(key);
    expect(config.sunMasterKeys.key(2)).toBeUndefined();
    const shown = `${JSON.stringify(config)} ${inspect(config)} ${String(config.sunMasterKeys)}`;
    expect(shown.toLowerCase()).not.toContain(key);
  });

  it('has no current version when none is set', () => {
    expect(parseConfig({}).sunMasterKeys.current).toBeUndefined();
  });

  it('refuses a malformed or factory key by its name, never echoing the value', () => {
    expect(() => parseConfig({ SUN_MASTER_KEY_V1: 'secret-but-short' })).toThrow(
      /SUN_MASTER_KEY_V1 must be 32 hexadecimal characters/,
    );
    expect(() => parseConfig({ SUN_MASTER_KEY_V1: 'secret-but-short' })).not.toThrow(/secret-but-short/);
    expect(() => parseConfig({ SUN_MASTER_KEY_V2: '0'.repeat(32) })).toThrow(/must not be all zeros/);
  });
});

describe('SUN master key versions', () => {
  it('fit the one byte the chip keeps a key version in', () => {
    const key = '2b7e151628aed2a6abf7158809cf4f3c';
    expect(parseConfig({ SUN_MASTER_KEY_V255: key }).sunMasterKeys.current).toBe(255);
    expect(() => parseConfig({ SUN_MASTER_KEY_V256: key })).toThrow(
      /SUN_MASTER_KEY_V256: key versions go from 1 to 255/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { type Import, importsOf, shown, sourcesIn, targetOf } from '../server/test/source-imports.ts';

/**
 * The packages common/ may use: they run in a browser. Anything else (fastify, pg, sharp, nodemailer…)
 * would break the pages' build or ship server code to visitors.
 */
const BROWSER_PACKAGES = ['zod', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'];

/** Whether an import breaks common/'s rule: only common/, content/ and browser packages. */
function leavesCommon({ specifier, target }: Import): boolean {
  if (target !== undefined) return !/^(common|content)\//.test(target);
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  return !BROWSER_PACKAGES.includes(name ?? '');
}

describe('the import rule (architecture: app/ and server/ both build on common/)', () => {
  it('common/ imports only common/, content/ and browser packages: nothing from app/, server/ or Node', () => {
    const files = sourcesIn('common');
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(importsOf).filter(leavesCommon).map(shown)).toEqual([]);
  });

  it('server/ imports nothing from app/', () => {
    const files = sourcesIn('server');
    expect(files.length).toBeGreaterThan(50);
    const fromApp = files.flatMap(importsOf).filter(({ target }) => target?.startsWith('app/'));
    expect(fromApp.map(shown)).toEqual([]);
  });

  it('refuses what the rule is about', () => {
    const at = (specifier: string): Import => ({
      file: 'common/x.ts',
      specifier,
      target: targetOf('common/x.ts', specifier),
    });
    for (const bad of [
      'node:fs',
      'fs',
      'path',
      'crypto',
      'fastify',
      'sharp',
      '../server/errors.ts',
      '../app/lib/api',
    ]) {
      expect(leavesCommon(at(bad)), bad).toBe(true);
    }
    for (const good of ['./money.ts', '../content/company.ts', 'zod', '@zxcvbn-ts/core']) {
      expect(leavesCommon(at(good)), good).toBe(false);
    }
  });
});

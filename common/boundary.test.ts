import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The packages common/ may use: they run in a browser. Anything else (fastify, pg, sharp, nodemailer…)
 * would break the pages' build or ship server code to visitors.
 */
const BROWSER_PACKAGES = ['zod', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'];

/** Source files below a top-level folder; tests are left out (they run in Node and may read files). */
function sourcesIn(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}

interface Import {
  file: string;
  specifier: string;
  /** The imported file's path from the repository root, for a relative import. */
  target?: string;
}

/** Every static import, `export … from`, side-effect import and dynamic import() of the file. */
function importsOf(file: string): Import[] {
  const source = readFileSync(join(root, file), 'utf8');
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(([, specifier = '']) => ({
    file,
    specifier,
    target: specifier.startsWith('.')
      ? relative(root, resolve(root, dirname(file), specifier))
          .split(sep)
          .join('/')
      : undefined,
  }));
}

const shown = ({ file, specifier }: Import) => `${file}: ${specifier}`;

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
      target: specifier.startsWith('.')
        ? relative(root, resolve(root, 'common', specifier))
            .split(sep)
            .join('/')
        : undefined,
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

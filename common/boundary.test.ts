import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

// The pages bundle these files for the browser: a server or Node import would break the build or leak.
it('common/ imports nothing from app/, server/ or node:', () => {
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter(
    (name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'),
  );
  expect(files.length).toBeGreaterThan(0);
  const offending: string[] = [];
  for (const name of files) {
    const source = readFileSync(join(here, name), 'utf8');
    for (const [, specifier = ''] of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = specifier.startsWith('.') ? relative(root, resolve(here, dirname(name), specifier)) : '';
      if (/^(node:|fs$|path$|crypto$)/.test(specifier) || /^(app|server)\//.test(target)) {
        offending.push(`${name}: ${specifier}`);
      }
    }
  }
  expect(offending).toEqual([]);
});

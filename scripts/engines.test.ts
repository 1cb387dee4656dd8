import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');

/** The oldest Node the README promises (and CI runs): every installed package must accept it. */
function promisedNode(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const version = /Node ≥ (\d+\.\d+)/.exec(readme)?.[1];
  if (!version) throw new Error('The README names no Node version ("Node ≥ x.y")');
  return `${version}.0`;
}

it('installs only packages that support the Node the README names (no engine warnings)', () => {
  const node = promisedNode();
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
  };
  const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  expect(semver.satisfies(node, own.engines.node)).toBe(true);
  const refusing = Object.entries(lock.packages)
    .filter(([name]) => name !== '')
    .flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(node, range, { includePrerelease: true })
        ? [`${name.replace(/^.*node_modules\//, '')} wants node ${range}`]
        : [];
    });
  expect(refusing).toEqual([]);
});

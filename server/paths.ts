import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project directory (where package.json is), whether running from source or from the bundle in build/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project directory (package.json).');
    dir = parent;
  }
  return dir;
}

const projectRoot = findProjectRoot();
export const buildDir = path.join(projectRoot, 'build');
export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');

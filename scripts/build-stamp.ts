import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start` builds only when the build is older than the sources: a hash of every file the build reads
 * is kept beside the build, and compared on the next start (a rebuild is ~40 s on a 2-core machine).
 * Contents, not times: a checkout or a copy changes every file's time but not what is built.
 */

/** What the production build reads: the app, the server, the content, and how they are built. */
export const BUILD_INPUTS = [
  'app',
  'server',
  'content',
  'public',
  'scripts/precompress.ts',
  'package.json',
  'package-lock.json',
  'react-router.config.ts',
  'vite.config.ts',
  'tsconfig.json',
];

const STAMP_FILE = path.join('build', 'source-hash');

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .flatMap((name) => filesUnder(root, path.join(entry, name)));
}

/** One hash over the names and contents of every build input under `root`. */
export function sourceHash(root: string, inputs = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((entry) => filesUnder(root, entry)).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function writeStamp(root: string): void {
  writeFileSync(path.join(root, STAMP_FILE), `${sourceHash(root)}\n`);
}

/** True when the build exists and was made from exactly the current sources. */
export function buildIsCurrent(root: string): boolean {
  const stamp = path.join(root, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(path.join(root, 'build', 'node', 'main.js'))) return false;
  return readFileSync(stamp, 'utf8').trim() === sourceHash(root);
}

// `node scripts/build-stamp.ts write` after a build; `… ensure` before serving (builds when stale).
const command = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2];
if (command === 'write') {
  writeStamp(process.cwd());
} else if (command === 'ensure') {
  if (buildIsCurrent(process.cwd())) {
    console.log('The build is current for the sources: starting without rebuilding.');
  } else {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    process.exit(build.status ?? 1);
  }
}

import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated images live; served under /media. */
export interface MediaStorage {
  /** Stores `data` under `key` (e.g. "cards/metal-gold.svg") and returns its public path. */
  put(key: string, data: Buffer | string): Promise<string>;
  remove(key: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  publicPath(key: string): string;
  /** The key of a public path this storage gave out, or undefined for anything else. */
  keyOf(publicPath: string): string | undefined;
  /** A local directory to serve /media from. */
  readonly root: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe media key: ${key}`);
  return key;
}

export function createLocalStorage(root: string): MediaStorage {
  // The directory exists from the start, so the media route serves it even before the first upload (an empty
  // installation, SEED_DEMO=0).
  mkdirSync(root, { recursive: true });
  return {
    root,
    async put(key, data) {
      const file = path.join(root, checkKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return this.publicPath(key);
    },
    async remove(key) {
      await rm(path.join(root, checkKey(key)), { force: true });
    },
    async read(key) {
      return readFile(path.join(root, checkKey(key)));
    },
    publicPath(key) {
      return `/media/${checkKey(key)}`;
    },
    keyOf(publicPath) {
      const key = publicPath.startsWith('/media/') ? publicPath.slice('/media/'.length) : '';
      return SAFE_KEY.test(key) && !key.includes('..') ? key : undefined;
    },
  };
}

import { createHash } from 'node:crypto';

/** What the site stores, by the extension its keys end in. */
export const MEDIA_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
} as const;
export type MediaExtension = keyof typeof MEDIA_TYPES;

export const MEDIA_PREFIX = '/media/';
const MAX_KEY_LENGTH = 300;
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;
const SAFE_STEM = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/** A key made of lower-case path segments, none of them `..` (also a guard on legacy files' names). */
export function isSafeKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key) && !key.includes('..');
}

export function contentTypeOf(key: string): string | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return Object.hasOwn(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension as MediaExtension] : undefined;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `<stem>-<sha256>.<extension>`: the same bytes under the same stem always get the same key. */
export function contentKey(stem: string, extension: MediaExtension, sha256: string): string {
  if (!SAFE_STEM.test(stem)) throw new Error(`Unsafe media stem: ${stem}`);
  return `${stem}-${sha256}.${extension}`;
}

/** The key of a /media path, or undefined for anything else (another site's URL, a traversal, a typo). */
export function keyOfPath(publicPath: string): string | undefined {
  if (!publicPath.startsWith(MEDIA_PREFIX)) return undefined;
  const key = publicPath.slice(MEDIA_PREFIX.length);
  return isSafeKey(key) ? key : undefined;
}

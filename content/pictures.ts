import type { Picture } from './types';

/** A picture made by scripts/generate-images.ts, by its path under public/images. */
export function picture(file: string, alt: string, width: number, height: number): Picture {
  return { src: `/images/${file}`, alt, width, height };
}

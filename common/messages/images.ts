import { MAX_IMAGE_MB } from '../limits.ts';

/** "photo", "image"…: what an upload is called in its messages (see upload-fields.ts). */
export const imageTooLarge = (noun: string) => `The ${noun} must be at most ${MAX_IMAGE_MB} MB.`;
export const imageWrongType = (noun: string) => `The ${noun} must be a JPEG, PNG or WebP image.`;
/** SVG may carry scripts and links to other files: it is refused, not cleaned (decision 023). */
export const imageSvgRefused = (noun: string) =>
  `SVG files are not accepted: the ${noun} must be a JPEG, PNG or WebP image.`;

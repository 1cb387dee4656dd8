/** The map's frame as MapPreview renders it and the light pages' site script inserts it. */
export const MAP_FRAME = {
  width: '600',
  height: '360',
  loading: 'lazy',
  referrerPolicy: 'no-referrer',
} as const;

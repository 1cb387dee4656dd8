import { MAP_FRAME } from './map-frame';

/**
 * The map's one driver, on the markup MapPreview.tsx renders: "Show map" puts the OpenStreetMap frame in
 * the placeholder's place, so nothing loads from OpenStreetMap until the visitor asks. The React component
 * calls it once it has mounted; on a light page the site script does. Returns what stops it.
 */
export function enhanceMap(button: HTMLElement): () => void {
  const stopped = new AbortController();
  button.addEventListener(
    'click',
    () => {
      const frame = document.createElement('iframe');
      frame.title = button.dataset.mapTitle ?? '';
      frame.src = button.dataset.mapSrc ?? '';
      frame.width = MAP_FRAME.width;
      frame.height = MAP_FRAME.height;
      frame.loading = MAP_FRAME.loading;
      frame.referrerPolicy = MAP_FRAME.referrerPolicy;
      button.closest('.map-placeholder')?.replaceWith(frame);
    },
    { signal: stopped.signal },
  );
  return () => stopped.abort();
}

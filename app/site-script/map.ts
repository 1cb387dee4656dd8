import { MAP_FRAME } from '../components/marketing/map-frame';

/** MapPreview's "Show map" on a light page: the OpenStreetMap frame only once the visitor asks for it. */
export function enhanceMap(button: HTMLElement): void {
  button.addEventListener('click', () => {
    const frame = document.createElement('iframe');
    frame.title = button.dataset.mapTitle ?? '';
    frame.src = button.dataset.mapSrc ?? '';
    frame.width = MAP_FRAME.width;
    frame.height = MAP_FRAME.height;
    frame.loading = MAP_FRAME.loading;
    frame.referrerPolicy = MAP_FRAME.referrerPolicy;
    button.closest('.map-placeholder')?.replaceWith(frame);
  });
}

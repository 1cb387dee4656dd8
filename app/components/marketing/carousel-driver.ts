import { REDUCED_MOTION } from '../chrome';
import {
  isShown,
  type PerView,
  perViewNow,
  playIcon,
  playLabel,
  positionsOf,
  trackOffset,
} from './carousel-view';

/**
 * The carousel's one driver, on the markup Carousel.tsx renders and its `data-` settings: pause/play,
 * previous/next, pauses on hover and on keyboard focus, never moves by itself under reduced motion. The
 * React component calls it once it has mounted; on a light page (no React in the browser) the site script
 * does. Returns what stops it.
 */
export function enhanceCarousel(root: HTMLElement): () => void {
  const track = root.querySelector<HTMLElement>('.carousel-track');
  const [play, previous, next] = root.querySelectorAll<HTMLButtonElement>('.carousel-controls button');
  if (!track || !play || !previous || !next) return () => {};
  const label = root.getAttribute('aria-label') ?? '';
  const mode = root.classList.contains('carousel-mode-slide') ? 'slide' : 'fade';
  const intervalMs = Number(root.dataset.interval);
  const transitionMs = Number(root.dataset.transition);
  const perView = JSON.parse(root.dataset.perView ?? '{"base":1}') as PerView;
  const slides = Array.from(track.children) as HTMLElement[];
  const motion = window.matchMedia(REDUCED_MOTION);
  const stopped = new AbortController();
  let index = 0;
  let visible = perViewNow(perView);
  let paused = false;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const positions = () => positionsOf(mode, slides.length, visible);
  const render = () => {
    const reduced = motion.matches;
    const running = !stopped.signal.aborted && !paused && !hovered && !focused && !reduced && positions() > 1;
    if (index >= positions()) index = 0;
    play.setAttribute('aria-label', playLabel(label, paused, reduced));
    play.setAttribute('aria-pressed', String(paused));
    play.hidden = reduced && !paused;
    if (play.firstElementChild) play.firstElementChild.textContent = playIcon(paused);
    track.setAttribute('aria-live', running ? 'off' : 'polite');
    const duration = `${reduced ? 0 : transitionMs}ms`;
    if (mode === 'slide') {
      track.style.transform = trackOffset(index, visible);
      track.style.transitionDuration = duration;
    }
    slides.forEach((slide, i) => {
      const shown = isShown(mode, i, index, visible);
      slide.classList.toggle('is-active', shown);
      slide.setAttribute('aria-hidden', String(!shown));
      slide.inert = !shown;
      if (mode === 'fade') slide.style.transitionDuration = duration;
    });
    if (running && !timer) {
      timer = setInterval(() => {
        index = (index + 1) % positions();
        render();
      }, intervalMs);
    } else if (!running && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const go = (step: number) => {
    index = (index + step + positions()) % positions();
    render();
  };
  const on = (target: EventTarget, type: string, change: (event: Event) => void) =>
    target.addEventListener(
      type,
      (event) => {
        change(event);
        render();
      },
      { signal: stopped.signal },
    );
  on(play, 'click', () => {
    paused = !paused;
  });
  on(previous, 'click', () => go(-1));
  on(next, 'click', () => go(1));
  on(root, 'mouseenter', () => {
    hovered = true;
  });
  on(root, 'mouseleave', () => {
    hovered = false;
  });
  on(root, 'focusin', () => {
    focused = true;
  });
  on(root, 'focusout', (event) => {
    if (!root.contains((event as FocusEvent).relatedTarget as Node | null)) focused = false;
  });
  on(motion, 'change', () => undefined);
  on(window, 'resize', () => {
    visible = perViewNow(perView);
  });
  render();
  return () => {
    stopped.abort();
    clearInterval(timer);
  };
}

/* The fun facts' count-up, shared by the React component and the light pages' site script. */

const COUNT_UP_MS = 1600;

// Made on first use: a formatter costs a few milliseconds to build, and a light page whose figures are
// already on screen never counts.
let format: Intl.NumberFormat | undefined;

export function factText(value: number, suffix: string, progress: number): string {
  format ??= new Intl.NumberFormat('en-US');
  return `${format.format(Math.round(value * progress))}${suffix}`;
}

/** Ease-out cubic over COUNT_UP_MS from `start`. */
function countUpProgress(start: number, now: number): { progress: number; done: boolean } {
  const t = Math.min(1, (now - start) / COUNT_UP_MS);
  return { progress: 1 - (1 - t) ** 3, done: t >= 1 };
}

/**
 * Counts a list of figures up once, when it scrolls 40 % into view: `show` is told the progress, from 0 to 1.
 * A list already on screen keeps its final numbers rather than flash back to zero. Returns what stops it.
 */
export function countUpWhenSeen(list: Element, show: (progress: number) => void): () => void {
  if (typeof IntersectionObserver === 'undefined' || list.getBoundingClientRect().top < window.innerHeight)
    return () => {};
  show(0);
  let frame = 0;
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const { progress, done } = countUpProgress(start, now);
        show(progress);
        if (!done) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    },
    { threshold: 0.4 },
  );
  observer.observe(list);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}

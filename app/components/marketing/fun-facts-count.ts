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
export function countUpProgress(start: number, now: number): { progress: number; done: boolean } {
  const t = Math.min(1, (now - start) / COUNT_UP_MS);
  return { progress: 1 - (1 - t) ** 3, done: t >= 1 };
}

import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useReducedMotion } from '../../lib/reduced-motion';

/** Slides visible at once by viewport width: the first entry whose `below` the width is under wins. */
interface PerView {
  base: number;
  below?: Array<{ width: number; count: number }>;
}

function perViewNow(perView: PerView): number {
  if (typeof window === 'undefined') return perView.base;
  let count = perView.base;
  // Narrowest breakpoint last, so it wins.
  for (const step of [...(perView.below ?? [])].sort((a, b) => b.width - a.width)) {
    if (window.matchMedia(`(max-width: ${step.width - 0.02}px)`).matches) count = step.count;
  }
  return count;
}

/**
 * An accessible carousel (WAI-ARIA APG): a visible pause/play control, previous/next buttons, pauses on
 * hover and on keyboard focus, and never moves by itself under `prefers-reduced-motion`. 'fade' shows
 * one slide at a time; 'slide' moves a track showing `perView` slides. Without JavaScript the first
 * slide (or the first `perView`) shows, and the CSS sizes them.
 */
export function Carousel({
  label,
  slides,
  intervalMs,
  transitionMs,
  mode,
  perView = { base: 1 },
  className,
}: {
  label: string;
  slides: ReactNode[];
  intervalMs: number;
  transitionMs: number;
  mode: 'fade' | 'slide';
  perView?: PerView;
  className?: string;
}) {
  const id = useId();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(perView.base);

  useEffect(() => {
    const update = () => setVisible(perViewNow(perView));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [perView]);

  const positions = mode === 'fade' ? slides.length : Math.max(1, slides.length - visible + 1);
  const go = useCallback((next: number) => setIndex((next + positions) % positions), [positions]);
  const running = !paused && !hovered && !focused && !reducedMotion && positions > 1;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % positions), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs, positions]);

  useEffect(() => {
    if (index >= positions) setIndex(0);
  }, [index, positions]);

  const duration = reducedMotion ? 0 : transitionMs;
  return (
    <section
      className={`carousel carousel-mode-${mode} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          aria-label={paused || reducedMotion ? `Play ${label}` : `Pause ${label}`}
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
          hidden={reducedMotion && !paused}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-controls={id}
          aria-label="Previous slide"
          onClick={() => go(index - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-controls={id}
          aria-label="Next slide"
          onClick={() => go(index + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="carousel-viewport">
        <div
          id={id}
          className="carousel-track"
          aria-live={running ? 'off' : 'polite'}
          style={
            mode === 'slide'
              ? { transform: `translateX(-${(index * 100) / visible}%)`, transitionDuration: `${duration}ms` }
              : undefined
          }
        >
          {slides.map((slide, i) => {
            const shown = mode === 'fade' ? i === index : i >= index && i < index + visible;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list in a fixed order
                key={i}
                className={`carousel-slide${shown ? ' is-active' : ''}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={!shown}
                inert={!shown}
                style={mode === 'fade' ? { transitionDuration: `${duration}ms` } : undefined}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

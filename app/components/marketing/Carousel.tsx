import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useReducedMotion } from '../../lib/reduced-motion';
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
 * An accessible carousel (WAI-ARIA APG): a visible pause/play control, previous/next buttons, pauses on
 * hover and on keyboard focus, and never moves by itself under `prefers-reduced-motion`. 'fade' shows
 * one slide at a time; 'slide' moves a track showing `perView` slides. Without JavaScript the first
 * slide (or the first `perView`) shows, and the CSS sizes them. On a light page (no React in the browser)
 * the site script runs the same markup from its `data-` settings (app/site-script/carousel.ts).
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

  const positions = positionsOf(mode, slides.length, visible);
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
      data-interval={intervalMs}
      data-transition={transitionMs}
      data-per-view={JSON.stringify(perView)}
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
          aria-label={playLabel(label, paused, reducedMotion)}
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
          hidden={reducedMotion && !paused}
        >
          <span aria-hidden="true">{playIcon(paused)}</span>
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
              ? { transform: trackOffset(index, visible), transitionDuration: `${duration}ms` }
              : undefined
          }
        >
          {slides.map((slide, i) => {
            const shown = isShown(mode, i, index, visible);
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

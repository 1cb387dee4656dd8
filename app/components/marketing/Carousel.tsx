import { type ReactNode, useEffect, useId, useRef } from 'react';
import { enhanceCarousel } from './carousel-driver';
import { isShown, type PerView, playIcon, playLabel, positionsOf, trackOffset } from './carousel-view';

/**
 * An accessible carousel (WAI-ARIA APG): a visible pause/play control, previous/next buttons, pauses on
 * hover and on keyboard focus, and never moves by itself under `prefers-reduced-motion`. 'fade' shows
 * one slide at a time; 'slide' moves a track showing `perView` slides. The component renders the first
 * position, as the server does (without JavaScript the first slide, or the first `perView`, shows and the
 * CSS sizes them); its one driver (carousel-driver.ts) runs it from the `data-` settings once mounted, and
 * runs the same markup on a light page.
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
  const root = useRef<HTMLElement>(null);
  const settings = JSON.stringify(perView);

  // Again when the settings change: the driver reads them from the markup and starts from the first position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the driver reads these from the rendered markup
  useEffect(
    () => (root.current ? enhanceCarousel(root.current) : undefined),
    [mode, intervalMs, transitionMs, settings, slides.length],
  );

  // The first position with nothing paused, as the server renders it: the driver takes over from there.
  const visible = perView.base;
  const running = positionsOf(mode, slides.length, visible) > 1;
  return (
    <section
      ref={root}
      className={`carousel carousel-mode-${mode} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-interval={intervalMs}
      data-transition={transitionMs}
      data-per-view={settings}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          aria-label={playLabel(label, false, false)}
          aria-pressed={false}
        >
          <span aria-hidden="true">{playIcon(false)}</span>
        </button>
        <button type="button" className="carousel-button" aria-controls={id} aria-label="Previous slide">
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel-button" aria-controls={id} aria-label="Next slide">
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
              ? { transform: trackOffset(0, visible), transitionDuration: `${transitionMs}ms` }
              : undefined
          }
        >
          {slides.map((slide, i) => {
            const shown = isShown(mode, i, 0, visible);
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
                style={mode === 'fade' ? { transitionDuration: `${transitionMs}ms` } : undefined}
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

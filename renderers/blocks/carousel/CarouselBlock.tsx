/**
 * A banner carousel (/home): slides from `load` (title, subtitle, optional image,
 * link, tone) in a swipeable scroll-snap row with dots; advances on its own every
 * `intervalMs` until the user touches it. In-app links navigate, https links open a new tab.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRight } from 'lucide-react';
import type { BlockProps } from '../../types';
import { useHost } from '../../host';
import { useBlockData } from '../../data';
import type { CarouselBlockSpec } from './spec';

interface Slide {
  id: string;
  title: string;
  subtitle?: string;
  imageUrl?: string | null;
  link?: string | null;
  tone?: string;
  demo?: boolean;
}

function Art({ tone }: { tone: string }) {
  return (
    <svg className="slide-art" viewBox="0 0 160 120" aria-hidden="true">
      <circle cx="128" cy="22" r="46" className={`art-a ${tone}`} />
      <circle cx="150" cy="104" r="30" className={`art-b ${tone}`} />
      <polyline points="62,92 84,70 100,80 122,48 142,56 160,30" className="art-line" />
    </svg>
  );
}

export function CarouselBlock({ spec }: BlockProps<CarouselBlockSpec>) {
  const host = useHost();
  const intl = useIntl();
  const { data, isLoading } = useBlockData<Slide[]>(spec.id, spec.load);
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const pausedUntil = useRef(0);
  const slides = data ?? [];

  useEffect(() => {
    if (slides.length < 2) return undefined;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || Date.now() < pausedUntil.current || document.visibilityState === 'hidden') return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, spec.intervalMs ?? 5000);
    return () => clearInterval(timer);
  }, [slides.length, spec.intervalMs]);

  // The skeleton takes the loaded carousel's space, dots row included (no shift when it arrives).
  if (isLoading && !data) {
    return (
      <div className="carousel" aria-busy="true">
        <div className="skeleton-card slide-skeleton" />
        <div className="carousel-dots" />
      </div>
    );
  }
  if (!slides.length) return null;

  const open = (slide: Slide) => {
    if (!slide.link) return;
    if (slide.link.startsWith('/')) host.navigate(slide.link);
    else window.open(slide.link, '_blank', 'noopener,noreferrer');
  };

  return (
    <section className="carousel" aria-roledescription="carousel" data-testid="carousel">
      <div
        ref={track}
        className="carousel-track"
        onScroll={(event) => {
          const el = event.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
        onTouchStart={() => {
          pausedUntil.current = Date.now() + 10_000;
        }}
      >
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            className={`slide tone-${slide.tone ?? 'brand'}`}
            onClick={() => open(slide)}
            data-testid="slide"
          >
            {slide.imageUrl ? <img className="slide-image" src={slide.imageUrl} alt="" loading="lazy" /> : <Art tone={slide.tone ?? 'brand'} />}
            <span className="slide-text">
              {slide.demo && (
                <span className="demo-badge light">
                  <FormattedMessage id="content.demo" />
                </span>
              )}
              <strong className="slide-title">{slide.title}</strong>
              {slide.subtitle && <span className="slide-subtitle">{slide.subtitle}</span>}
              {slide.link && (
                <span className="slide-cta">
                  {intl.formatMessage({ id: 'carousel.open' })} <ChevronRight size={14} />
                </span>
              )}
              {/* The name is the visible text (label-content-name-mismatch) plus the slide's position. */}
              <span className="visually-hidden"> ({i + 1}/{slides.length})</span>
            </span>
          </button>
        ))}
      </div>
      {/* The row is there even for one slide: the carousel's height does not depend on the count. */}
      <div className="carousel-dots" aria-hidden="true">
        {slides.length > 1 && slides.map((slide, i) => <span key={slide.id} className={`dot${i === index ? ' active' : ''}`} />)}
      </div>
    </section>
  );
}

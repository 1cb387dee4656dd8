import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as about from './about';
import * as home from './home';
import { serviceLinks } from './navigation';
import * as products from './products';
import * as services from './services';
import type { Picture } from './types';

function picturesIn(value: unknown, found: Picture[] = []): Picture[] {
  if (value && typeof value === 'object') {
    if ('src' in value && 'width' in value && 'height' in value) found.push(value as Picture);
    else for (const child of Object.values(value)) picturesIn(child, found);
  }
  return found;
}

describe('content', () => {
  it('refers only to generated pictures that exist, with their real size and an alt text', () => {
    const pictures = picturesIn([about, home, products, services]);
    expect(pictures.length).toBeGreaterThan(40);
    for (const picture of pictures) {
      const file = path.join(import.meta.dirname, '..', 'public', picture.src);
      expect(existsSync(file), picture.src).toBe(true);
      expect(readFileSync(file, 'utf8'), picture.src).toContain(
        `width="${picture.width}" height="${picture.height}"`,
      );
      expect(picture.alt.trim(), picture.src).not.toBe('');
    }
  });

  it('has the six services at the spec’s paths, each with five points and five benefits', () => {
    expect(services.services.map((service) => service.path)).toEqual(serviceLinks.map((link) => link.to));
    for (const service of services.services) {
      expect(service.points, service.slug).toHaveLength(5);
      expect(service.benefits, service.slug).toHaveLength(5);
      expect(service.description.length, service.slug).toBeLessThanOrEqual(160);
    }
    expect(services.servicesAccordion.map((item) => item.title)).toEqual([
      'Our Mission',
      'Our Vision',
      'Our Philosophy',
      'Our Strategy',
    ]);
  });

  it('carries the spec’s business constants', () => {
    expect(home.pricing.map((plan) => [plan.name, plan.priceEur])).toEqual([
      ['Basic', 19],
      ['Standard', 39],
      ['Advanced', 79],
    ]);
    expect(home.funFacts.map((fact) => `${fact.value}${fact.suffix}`)).toEqual([
      '90%',
      '235+',
      '179+',
      '3500+',
      '10+',
    ]);
    expect(home.reasons).toHaveLength(4);
    expect(home.callToAction.label).toBe('Contact Us');
    expect(products.productPages.map((page) => page.path)).toEqual(['/d', '/products/b', '/products/c']);
  });
});

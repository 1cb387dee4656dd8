import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as about from './about';
import { blogPosts } from './blog';
import { company } from './company';
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
    const pictures = picturesIn([about, home, products, services, blogPosts]);
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

describe('blog and company details', () => {
  it('has blog posts with unique slugs, an author from the team and a body', () => {
    expect(new Set(blogPosts.map((post) => post.slug)).size).toBe(blogPosts.length);
    const team = about.team.map((member) => member.name);
    for (const post of blogPosts) {
      expect(post.slug, post.title).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(team, post.slug).toContain(post.author);
      expect(post.sections.flatMap((section) => section.paragraphs).length, post.slug).toBeGreaterThan(2);
    }
    const dates = blogPosts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('keeps the firm’s name and contact details in company.ts alone, so a rebrand is one file', () => {
    const details = [
      company.name,
      company.email,
      company.salesEmail,
      company.supportEmail,
      company.phone,
      company.address,
      ...company.socials.map((social) => social.href),
    ];
    const root = path.join(import.meta.dirname, '..');
    const files = ['content', 'app']
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
          path.join(dir, f),
        ),
      )
      .filter(
        (file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.test.ts') && !file.endsWith('company.ts'),
      );
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return details.filter((detail) => text.includes(detail)).map((detail) => `${file}: ${detail}`);
    });
    expect(found).toEqual([]);
  });
});

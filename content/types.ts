/** The shapes of the site's content. Pages render from these files; a rebrand edits content/ only. */

export type IconName =
  | 'cloud'
  | 'design'
  | 'web'
  | 'code'
  | 'ai'
  | 'shield'
  | 'rocket'
  | 'team'
  | 'clock'
  | 'chart'
  | 'support'
  | 'card';

/** A picture in public/images (path from the site root, e.g. "/images/services/cloud.svg") and its size. */
export interface Picture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface Service {
  slug: string;
  /** Exactly the spec's path, e.g. "/services/cloud-solutions". */
  path: string;
  title: string;
  icon: IconName;
  /** One sentence for tiles and lists. */
  blurb: string;
  /** Two or three paragraphs. */
  intro: string[];
  /** Exactly five numbered points. */
  points: Array<{ title: string; text: string }>;
  /** Exactly five benefits. */
  benefits: string[];
  closing: string;
  hero: Picture;
  benefitPicture: Picture;
  /** For the page's meta description (at most 160 characters). */
  description: string;
}

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
  picture: Picture;
  cta: { label: string; to: string };
}

export interface Reason {
  icon: IconName;
  title: string;
  text: string;
}

export interface PortfolioItem {
  title: string;
  client: string;
  category: string;
  summary: string;
  picture: Picture;
}

export interface FunFact {
  value: number;
  suffix: string;
  label: string;
}

export interface PricingPlan {
  name: string;
  priceEur: number;
  campaigns: number;
  keywords: number;
  socialAccounts: number;
  features: string[];
  highlighted: boolean;
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
}

export interface Partner {
  name: string;
  logo: Picture;
}

/** What a list of articles shows of each: everything but the article itself. */
export type BlogTeaser = Omit<BlogPost, 'sections' | 'author'>;

export interface BlogPost {
  /** The post's address: /blog/{slug}. */
  slug: string;
  title: string;
  /** ISO date. */
  date: string;
  author: string;
  excerpt: string;
  readingMinutes: number;
  picture: Picture;
  /** The article; the first section usually has no heading (the introduction). */
  sections: { heading?: string; paragraphs: string[] }[];
}

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  picture: Picture;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface LegalDocument {
  title: string;
  /** ISO date. */
  updated: string;
  intro: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export interface ProductPage {
  path: string;
  title: string;
  tagline: string;
  description: string;
  intro: string[];
  features: Array<{ icon: IconName; title: string; text: string }>;
  steps: string[];
  picture: Picture;
  cta: { label: string; to: string };
}

export interface AccordionItem {
  title: string;
  text: string;
  points: [string, string];
}

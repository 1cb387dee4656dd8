import { company } from './company';
import { picture } from './pictures';
import type { FunFact, HeroSlide, Partner, PortfolioItem, PricingPlan, Reason, Testimonial } from './types';

export const heroSlides: HeroSlide[] = [
  {
    eyebrow: 'IT services in San Francisco',
    title: 'Technology that works for your business.',
    text: 'Cloud, design, web, software, AI and security from one senior team that stays with you after launch.',
    picture: picture('hero/cloud.svg', 'Cloud services illustration', 640, 480),
    cta: { label: 'Our services', to: '/services' },
  },
  {
    eyebrow: 'Smart intro cards',
    title: 'One tap, and they have your details.',
    text: 'NFC intro cards open your digital business card on any modern phone. No app, nothing to type.',
    picture: picture('hero/card.svg', 'Smart intro card illustration', 640, 480),
    cta: { label: 'Shop smart cards', to: '/cards' },
  },
  {
    eyebrow: 'Free consultation',
    title: 'Tell us what slows your team down.',
    text: 'A senior engineer answers within one business day with an honest first opinion, free of charge.',
    picture: picture('hero/team.svg', 'Team at work illustration', 640, 480),
    cta: { label: 'Contact us', to: '/contact' },
  },
];

export const aboutBlock = {
  heading: 'A small team with a long memory',
  paragraphs: [
    `${company.name} has helped companies in the Bay Area build and run their technology since ${company.founded}. We are twenty-two engineers, designers and security specialists who would rather fix the cause than bill for the symptoms.`,
    'Most of our clients have been with us for more than three years. They stay because the people who built their systems are the ones who answer the phone.',
  ],
  points: [
    'Senior people on every project',
    'Fixed prices for defined work',
    'Support from the team that built it',
  ],
  picture: picture('about/studio.svg', 'Our team at work', 720, 480),
};

export const reasons: Reason[] = [
  {
    icon: 'team',
    title: 'Senior team',
    text: 'Every project is led by an engineer with at least ten years of experience.',
  },
  {
    icon: 'clock',
    title: 'Answers within a day',
    text: 'Support requests are answered within one business day, urgent ones within an hour.',
  },
  {
    icon: 'chart',
    title: 'Measured results',
    text: 'We agree on numbers before we start, and report on them every month.',
  },
  {
    icon: 'support',
    title: 'We stay after launch',
    text: 'Care plans keep the systems we build patched, backed up and monitored.',
  },
];

const work = (file: string, alt: string) => picture(`portfolio/${file}`, alt, 600, 360);

export const portfolio: PortfolioItem[] = [
  {
    title: 'Moving a dispatch system to the cloud',
    client: 'Harborline Logistics',
    category: 'Cloud Solutions',
    summary: 'Zero-downtime migration of a 12-year-old dispatch platform; hosting costs fell by 38%.',
    picture: work('logistics.svg', 'Cloud migration project illustration'),
  },
  {
    title: 'Online booking for six clinics',
    client: 'Bayfront Health',
    category: 'Website Development',
    summary: 'An accessible booking site that halved phone bookings in the first quarter.',
    picture: work('clinic.svg', 'Clinic booking website illustration'),
  },
  {
    title: 'Loyalty cards that replaced paper stamps',
    client: 'Pier 9 Foods',
    category: 'Smart cards',
    summary: 'NFC loyalty cards for 14 stores, with rewards customers see on their phones.',
    picture: work('retail.svg', 'Loyalty card project illustration'),
  },
  {
    title: 'Security program for a payments startup',
    client: 'Goldfinch Pay',
    category: 'Cybersecurity',
    summary: 'Assessment, hardening and a tested incident plan ahead of their first bank partnership.',
    picture: work('bank.svg', 'Security project illustration'),
  },
  {
    title: 'A parent portal families actually use',
    client: 'Redwood Schools',
    category: 'UI/UX Design',
    summary: 'Redesigned portal tested with parents in three languages; logins tripled.',
    picture: work('school.svg', 'School portal design illustration'),
  },
  {
    title: 'Invoice processing with AI review',
    client: 'Sierra Freight',
    category: 'AI & Automation',
    summary: 'Supplier invoices read and matched automatically, with people approving exceptions.',
    picture: work('factory.svg', 'Invoice automation illustration'),
  },
];

export const callToAction = {
  heading: 'Have a project in mind?',
  text: 'Tell us about it. You will hear back from a senior engineer within one business day.',
  label: 'Contact Us',
  to: '/contact',
} as const;

export const funFacts: FunFact[] = [
  { value: 90, suffix: '%', label: 'Success rate' },
  { value: 235, suffix: '+', label: 'Projects delivered' },
  { value: 179, suffix: '+', label: 'Happy clients' },
  { value: 3500, suffix: '+', label: 'Hours of support' },
  { value: 10, suffix: '+', label: 'Awards' },
];

export const pricing: PricingPlan[] = [
  {
    name: 'Basic',
    priceEur: 19,
    campaigns: 2,
    keywords: 10,
    socialAccounts: 2,
    features: ['Monthly performance report', 'E-mail support'],
    highlighted: false,
  },
  {
    name: 'Standard',
    priceEur: 39,
    campaigns: 5,
    keywords: 25,
    socialAccounts: 4,
    features: ['Twice-monthly reports', 'Landing page reviews', 'Chat support'],
    highlighted: true,
  },
  {
    name: 'Advanced',
    priceEur: 79,
    campaigns: 10,
    keywords: 60,
    socialAccounts: 8,
    features: ['Weekly reports', 'A/B tests on key pages', 'Quarterly strategy call', 'Priority support'],
    highlighted: false,
  },
];

export const testimonials: Testimonial[] = [
  {
    quote:
      'They moved our dispatch system to the cloud over a weekend and nobody in the warehouse noticed. Our hosting bill went down, not up.',
    name: 'Maria Delgado',
    role: 'Operations Director',
    company: 'Harborline Logistics',
  },
  {
    quote:
      'The booking site is the first one our older patients use without calling us for help. That says everything about the design work.',
    name: 'Dr. Kevin Osei',
    role: 'Medical Director',
    company: 'Bayfront Health',
  },
  {
    quote:
      'Clear findings, fixed the same week, and explained to our board in plain English. Exactly what a small company needs.',
    name: 'Priya Raman',
    role: 'CTO',
    company: 'Goldfinch Pay',
  },
  {
    quote:
      'Our sales team hands out the intro cards at every trade show. People tap, save the contact, and we follow up the same day.',
    name: 'Tom Becker',
    role: 'Head of Sales',
    company: 'Lumen Energy',
  },
  {
    quote:
      'Invoices that took two people three days now take an afternoon of reviewing exceptions. It paid for itself in four months.',
    name: 'Linda Chow',
    role: 'Finance Manager',
    company: 'Sierra Freight',
  },
];

const partnerNames = [
  'Harborline',
  'Northwind Labs',
  'Bayfront Health',
  'Sierra Freight',
  'Goldfinch Pay',
  'Redwood Schools',
  'Pier 9 Foods',
  'Lumen Energy',
];

export const partners: Partner[] = partnerNames.map((name) => ({
  name,
  logo: picture(`partners/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`, name, 240, 80),
}));

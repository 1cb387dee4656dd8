import { index, type RouteConfig, route } from '@react-router/dev/routes';

/** Paths whose screens arrive with later work; until then they show a styled "coming soon" page. */
const comingSoon = [
  'about',
  'contact',
  'services',
  'services/cloud-solutions',
  'services/uiux-design',
  'services/website-development',
  'services/software-development',
  'services/ai-automotion',
  'services/CyberSecurity-services',
  'd',
  'products/b',
  'products/c',
  'privacy',
  'terms',
  'faq',
  'admin',
];

export default [
  index('routes/home.tsx'),
  route('cards', 'routes/cards.tsx'),
  route('cards/:slug', 'routes/card-detail.tsx'),
  route('login', 'routes/login.tsx'),
  route('activate/:uid/:token', 'routes/activate.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password/:uid/:token', 'routes/reset-password.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('profile/:username', 'routes/public-profile.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('verify', 'routes/verify.tsx'),
  route('c/:serial', 'routes/tap.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('order-success', 'routes/order-success.tsx'),
  ...comingSoon.map((path) => route(path, 'routes/coming-soon.tsx', { id: `soon:${path}` })),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

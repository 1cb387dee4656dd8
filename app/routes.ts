import { index, type RouteConfig, route } from '@react-router/dev/routes';

/** Paths whose screens arrive with later work; until then they show a styled "coming soon" page. */
const comingSoon = ['admin'];

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('services', 'routes/services.tsx'),
  route('services/:slug', 'routes/service-detail.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('d', 'routes/product-page.tsx', { id: 'product:d' }),
  route('products/b', 'routes/product-page.tsx', { id: 'product:b' }),
  route('products/c', 'routes/product-page.tsx', { id: 'product:c' }),
  route('faq', 'routes/faq.tsx'),
  route('privacy', 'routes/legal.tsx', { id: 'legal:privacy' }),
  route('terms', 'routes/legal.tsx', { id: 'legal:terms' }),
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

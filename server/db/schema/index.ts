export * from './accounts.ts';
export * from './addresses.ts';
export * from './catalog.ts';
export * from './leads.ts';
export * from './meta.ts';
export * from './orders.ts';
export * from './registry.ts';

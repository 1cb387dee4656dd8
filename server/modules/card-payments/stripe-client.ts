import Stripe from 'stripe';
import { company } from '../../../content/company.ts';
import type { StripeConfig } from '../../config.ts';

/** Card payments when Stripe is configured: the library's client and the secret webhooks are signed with. */
export interface CardPayments {
  stripe: Stripe;
  webhookSecret: string;
}

/** The shop's currency (`content/company.ts`), as Stripe writes it: the three-letter code in lower case. */
export const SHOP_CURRENCY = company.currency.toLowerCase();

/**
 * One client per process. A call waits at most 10 s and is tried once more on a network error or a 429/5xx
 * that Stripe says may be retried (the library sends the same idempotency key again), so a buyer waits at most
 * about 20 s before hearing that Stripe cannot be reached.
 */
export function createCardPayments(config: StripeConfig | undefined): CardPayments | undefined {
  if (!config) return undefined;
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    timeout: 10_000,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'nexa-digital-shop' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return { stripe, webhookSecret: config.webhookSecret };
}

import { centsToPrice, priceToCents } from '../../common/money';
import { company } from '../../content/company';

// The shop's one currency (content/company.ts): "$24.99" in USD, "€24.99" in EUR.
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: company.currency,
  minimumFractionDigits: 2,
});

/** Whole cents, or a price string as the API spells it ("24.99"), → "$24.99" (in the shop's currency). */
export function formatDollars(amount: string | number): string {
  const cents = typeof amount === 'string' ? priceToCents(amount) : amount;
  // A decimal string of at most 15 digits reads back as the same two-decimal number: display only.
  return cents === undefined ? '—' : dollars.format(Number(centsToPrice(cents)));
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO time as "Nov 23, 2026, 1:05 AM" (UTC, the same on server and browser). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? `${dateTime.format(new Date(iso))} UTC` : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

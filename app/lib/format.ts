const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** "24.99" (the API's price string) or cents → "$24.99". */
export function formatDollars(amount: string | number, unit: 'dollars' | 'cents' = 'dollars'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return dollars.format(unit === 'cents' ? value / 100 : value);
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

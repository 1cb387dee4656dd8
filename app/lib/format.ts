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

/**
 * Tax rates are whole basis points (2000 = 20 %, 750 = 7.5 %); the admin types them as a percentage with at
 * most two decimals. Converting by string keeps them exact, as money.ts does for prices.
 */

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "20" → 2000, "7.5" → 750, "0.25" → 25; undefined for anything else or above 100 %. */
export function percentToBp(text: string): number | undefined {
  const match = PERCENT.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}

/** 2000 → "20", 750 → "7.5", 725 → "7.25". */
export function bpToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The tax on an amount at a rate, rounded half up to the cent (an exact half cent rounds up). */
export function taxOnCents(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5_000) / 10_000);
}

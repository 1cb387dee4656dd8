/** What a card's insights count. A view of the page, a download of its contact file, a click on one of its links,
 * and a contact shared back through its exchange form. */
export const CARD_EVENT_KINDS = ['view', 'save', 'click', 'exchange'] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];

/** The periods the owner's insights offer, in days (today included). */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** Single events are kept this many days; daily totals for ever. */
export const RAW_EVENT_RETENTION_DAYS = 90;

/** Days are UTC days (YYYY-MM-DD), the same for every owner and the firm's dashboard. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days of a period ending today: from `days - 1` days ago to today, oldest first. */
export function periodDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

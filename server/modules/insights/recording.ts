import type { CardEventKind } from '../../../common/insights.ts';
import type { Visit } from '../../../common/visit-source.ts';

/** One thing a card page did, as its route saw it; the recorder decides whether and how it is counted. */
export interface CardEventInput {
  kind: CardEventKind;
  /** The card's owner: by id, or by username (a page view knows only the name in its URL). */
  owner: { id: number } | { username: string };
  visit: Visit;
  /** For clicks: the profile link's id. */
  linkId?: number;
  /**
   * The client, hashed with the day's salt and never stored: its address (request.ip) and user agent.
   * `prefetch`: the browser marked the request as a prefetch (`Sec-Purpose` / `Purpose: prefetch`), not a visit.
   */
  client: { ip: string; userAgent: string; prefetch?: boolean };
  /** The visitor's session cookie, if any: the owner's own visits are not counted. */
  sessionToken?: string;
}

/**
 * Takes events off the critical path: `record` returns at once (the event waits in a batch), bots are dropped,
 * and a batch is written in one statement. `flush` writes what waits now (tests, shutdown).
 */
export interface InsightsRecorder {
  record(event: CardEventInput): void;
  flush(): Promise<void>;
}

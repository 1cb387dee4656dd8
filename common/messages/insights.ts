import { INSIGHT_PERIODS } from '../insights.ts';

export const INSIGHT_PERIOD_RULE = `Days is ${INSIGHT_PERIODS.slice(0, -1).join(', ')} or ${INSIGHT_PERIODS.at(-1)}.`;

/** A link that was clicked in the period and has since been deleted from the card. */
export const DELETED_LINK = 'A deleted link';

export const INSIGHTS_EMPTY = 'Nothing yet: when people open your card, their visits show here.';
export const INSIGHTS_OFF = 'Insights are off';

/** What the switch does, beside it on /profile (the privacy page says the same at more length). */
export const INSIGHTS_EXPLAINED =
  'Counts visits to your card without cookies: views (and which card was tapped, the QR code or a link), contact saves, link clicks and exchanges. Visitors are counted per day and cannot be recognised from one day to the next. Only you see these figures.';

/** Said before insights are switched off, and again when they are. */
export const INSIGHTS_OFF_CONSEQUENCE =
  'Turning insights off deletes every visit, save, click and exchange count recorded for your card, and stops recording. Turning them back on starts from zero.';

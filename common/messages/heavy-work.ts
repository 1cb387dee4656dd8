/** Said when drawing, picture or PDF work is refused for a while (a 503 or 429 with Retry-After). */
export const HEAVY_WORK_MESSAGES = {
  busy: 'The server is busy preparing pictures and documents right now. Please try again in a few seconds.',
  yourTurn:
    'You already have several pictures or documents being prepared. Please wait for them to finish and try again.',
} as const;

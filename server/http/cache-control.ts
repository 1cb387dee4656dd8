/**
 * For answers that are the same for every visitor: they may be kept, but are revalidated each time
 * (ETag → 304), so an edit shows at once.
 */
export const REVALIDATE_EACH_TIME = 'public, max-age=0, must-revalidate';

type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The part of a record an entry changed: when both sides are records, only the fields that differ (an edit
 * of a card's price shows the price, not the whole card); otherwise the values as they are.
 */
export function changedFields(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isFields(before) || !isFields(after)) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (fields: Fields) =>
    Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]]));
  return { before: pick(before), after: pick(after) };
}

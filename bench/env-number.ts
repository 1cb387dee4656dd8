/** A bench setting from the environment: its fallback when unset, else a positive number (or an error naming it). */
export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Like positiveNumber, for counts: a positive whole number. */
export function positiveInteger(name: string, fallback: number): number {
  const value = positiveNumber(name, fallback);
  if (!Number.isInteger(value))
    throw new Error(`${name} must be a positive integer, got "${process.env[name]}"`);
  return value;
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
function codeOf(error: unknown): string | undefined {
  const value = error as { code?: string; cause?: { code?: string } } | null;
  return value?.code ?? value?.cause?.code;
}

/** A unique constraint refused the write: another request took the value first. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

/** A CHECK constraint refused the write (e.g. stock would go below zero). */
export function isCheckViolation(error: unknown): boolean {
  return codeOf(error) === '23514';
}

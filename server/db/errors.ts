/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
function codeOf(error: unknown): string | undefined {
  const value = error as { code?: string; cause?: { code?: string } } | null;
  return value?.code ?? value?.cause?.code;
}

/** The name of the constraint that refused a write, '' when the driver did not say. */
export function constraintOf(error: unknown): string {
  const value = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return value?.cause?.constraint ?? value?.constraint ?? '';
}

/** A unique constraint refused the write: another request took the value first. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

/** A CHECK constraint refused the write (e.g. stock would go below zero). */
export function isCheckViolation(error: unknown): boolean {
  return codeOf(error) === '23514';
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown: the server is restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up
  '53300', // too_many_connections
  '28000', // invalid_authorization_specification: the role may not log in (yet)
  '28P01', // invalid_password: credentials changed under the running site
  '3D000', // invalid_catalog_name: the database is not there (being restored)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * The database cannot be reached right now (restarting, down, connection lost, or this process is shutting
 * down and has closed its pool): the request may succeed in a moment or on another worker, so it is a 503,
 * not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const message = String(
    (error as { message?: string; cause?: { message?: string } } | null)?.cause?.message ?? '',
  ).concat(' ', String((error as { message?: string } | null)?.message ?? ''));
  return /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
    message,
  );
}

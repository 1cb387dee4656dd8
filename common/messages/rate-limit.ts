/** Any action refused for being repeated too often (a verification look-up among them). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

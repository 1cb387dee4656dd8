/** Limits the pages check before sending and the server enforces: one number for both. */

/** Cards of one design per cart line and order line. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** An uploaded image (profile photo, card cover), before it is re-encoded. */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

/** Checks of one serial number that count as genuine; the page shows them as x/5. */
export const MAX_VERIFICATIONS = 5;

/** A serial checked more often than that may have been copied (the verify warning, the admin's "suspicious"). */
export const pastVerificationLimit = (checks: number) => checks > MAX_VERIFICATIONS;

/** Serial numbers the admin makes in one batch. */
export const MAX_SERIAL_BATCH = 10_000;

/** A CSV of serials to import (about 10,000 rows). */
export const MAX_SERIAL_CSV_BYTES = 800_000;

export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** First and last name, at sign-up and on the profile. */
export const NAME_MAX_LENGTH = 50;

export const PROFILE_FIELD_MAX_LENGTH = { company: 100, job_title: 100, bio: 1000 } as const;

export const ADDRESS_FIELD_MAX_LENGTH = { address: 200, city: 100, state: 100, country: 100 } as const;

/** The contact form and a service page's consultation form. */
export const LEAD_FIELD_MAX_LENGTH = { name: 100, subject: 200, message: 5000 } as const;

/** What a visitor types into the card page's "Share your details" form. */
export const EXCHANGE_FIELD_MAX_LENGTH = { name: 100, company: 100, job_title: 100, note: 500 } as const;

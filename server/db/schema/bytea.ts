import { customType } from 'drizzle-orm/pg-core';

/** Bytes stored in the row (a PDF as issued): read and written as a Node Buffer on PGlite and PostgreSQL. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

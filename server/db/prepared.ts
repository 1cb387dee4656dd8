import type { Db } from './client.ts';

/**
 * A hot read built once per database handle and prepared (`.prepare(name)`): the SQL is not built again on
 * every call, and PostgreSQL parses and plans it once per connection. Handles are tests' databases, the
 * server's one, or a transaction; each gets its own.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const byHandle = new WeakMap<Db, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (statement === undefined) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}

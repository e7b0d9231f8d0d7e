import type { Db } from './client';

interface Preparable<R> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<R> };
}

/**
 * A statement of a hot path, built once per database handle (a read's tenancy, a pooled transaction) and
 * sent as the named statement `name`: drizzle does not build its SQL again on every request, and
 * PostgreSQL parses and plans it once per connection. Its values are placeholders (`sql.placeholder(key)`),
 * filled by `values`; its text never changes (the name stands for it on every connection).
 */
export function prepared<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db) => Preparable<R>,
): (db: Db, values: V) => Promise<R> {
  const byDb = new WeakMap<Db, ReturnType<Preparable<R>['prepare']>>();
  return (db, values) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      byDb.set(db, statement);
    }
    return statement.execute(values);
  };
}

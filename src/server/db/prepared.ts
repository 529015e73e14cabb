import type { Db } from './client.ts';

/**
 * A query built once per database instead of on every request: drizzle's query building
 * (`is()` checks, SQL chunks) was ≈ 8 % of the server's CPU under the 200-member load. With
 * a name, PostgreSQL also parses and plans it once per connection. Values are passed as
 * `sql.placeholder(...)`s to `execute()`. Per database, as a prepared query belongs to the
 * drizzle instance it was built on (tests open many).
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

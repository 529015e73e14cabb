import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';

// An instance killed while it writes a notice, for the tests of what a crash leaves behind:
// a database whose insert into `notifications` never answers (the rest answers as usual).

export function killedAtNoticeInsert(db: Db) {
  let writing!: () => void;
  /** Resolves once the notice's insert has been asked for: the instance is "dead" from then. */
  const killed = new Promise<void>((resolve) => (writing = resolve));
  const never = () => {
    writing();
    return new Promise(() => {});
  };
  const frozen = new Proxy(db, {
    get: (target, prop, receiver) =>
      prop === 'insert'
        ? (table: Parameters<Db['insert']>[0]) =>
            table === notifications
              ? { values: () => ({ onConflictDoNothing: () => ({ returning: never }) }) }
              : target.insert(table)
        : Reflect.get(target, prop, receiver),
  });
  return { db: frozen, killed };
}

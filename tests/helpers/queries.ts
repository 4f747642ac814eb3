// Counts the statements a piece of server code sends, on either engine: the driver under
// Drizzle (PGlite's query/exec/transaction, postgres.js's unsafe/begin) is wrapped while
// `fn` runs. A budget on the count holds on any machine, however slow.
import type { Database } from '../../src/server/db/client.ts';

type Fn = (...args: unknown[]) => unknown;
type Target = Record<string, unknown>;

/** Wraps `names` of `target` so that each call counts; returns the undo. */
function wrap(target: Target, names: readonly string[], count: () => void, inner?: (value: Target) => void): () => void {
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(target, name)] as const);
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function (this: unknown, ...args: unknown[]) {
      if (inner) {
        // A transaction: count the statements of the handle it passes to its callback.
        const fn = args.find((a) => typeof a === 'function') as Fn | undefined;
        const at = args.indexOf(fn);
        if (fn)
          args[at] = (t: Target) => {
            inner(t);
            return fn(t);
          };
        return (original as Fn).apply(this, args);
      }
      // Transaction control sent as a statement (postgres.js on a reserved connection) is not counted either.
      if (!/^\s*(begin|commit|rollback)\b/i.test(String(args[0]))) count();
      return (original as Fn).apply(this, args);
    };
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(target, name, descriptor);
      else delete target[name];
    }
  };
}

/** Runs `fn` and answers how many statements it sent to the database (a transaction's BEGIN and COMMIT not counted). */
export async function countQueries<T>(database: Database, fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const count = () => {
    queries++;
  };
  const client = (database.db as unknown as { $client: Target }).$client;
  const statements = database.kind === 'pglite' ? ['query', 'exec'] : ['unsafe'];
  const undo = [
    wrap(client, statements, count),
    wrap(client, [database.kind === 'pglite' ? 'transaction' : 'begin'], count, (t) => {
      wrap(t, statements, count);
    }),
  ];
  try {
    return { result: await fn(), queries };
  } finally {
    for (const u of undo) u();
  }
}

import type { Database } from './database';

/** The handle inside a transaction; it offers the same query API as Database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
 * Inside an outer transaction it becomes a savepoint, so services can compose.
 */
export function withTransaction<T>(
  db: Database | Transaction,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(fn);
}

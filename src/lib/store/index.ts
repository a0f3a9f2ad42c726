import { getConfig } from '../config.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { SubmissionStore } from './types.ts';

export type { SubmissionStore } from './types.ts';

// server/index.ts imports this module from source while the routes run it from the server bundle: two module
// instances in one process. A registry symbol on globalThis makes them share one store (one connection).
const KEY = Symbol.for('northgate.submissionStore');
const registry = globalThis as { [KEY]?: SubmissionStore };

/**
 * The process's submissions store, opened (and migrated) on first use. The server opens it at start, so a bad
 * DATA_DIR or a failed migration stops the start instead of failing the first visitor.
 * The PostgreSQL store (DATABASE_URL) plugs in here later.
 */
export function getStore(): SubmissionStore {
  registry[KEY] ??= openSqliteStore(getConfig().DATA_DIR);
  return registry[KEY];
}

/** Closes the process's store (at shutdown); the next getStore() opens a new one. */
export async function closeStore(): Promise<void> {
  const store = registry[KEY];
  registry[KEY] = undefined;
  await store?.close();
}

import { getConfig } from '../config.ts';
import { openPostgresStore } from './postgres-store.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { SubmissionStore } from './types.ts';

export type { SubmissionStore } from './types.ts';

// server/index.ts imports this module from source while the routes run it from the server bundle: two module
// instances in one process. Registry symbols on globalThis make them share one store (one connection or pool).
const KEY = Symbol.for('northgate.submissionStore');
const OPENING = Symbol.for('northgate.submissionStore.opening');
const registry = globalThis as { [KEY]?: SubmissionStore; [OPENING]?: Promise<SubmissionStore> };

/**
 * Opens (and migrates) the process's store: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR.
 * The server awaits this at start, so an unreachable database, a bad DATA_DIR or a failed migration stops the
 * start instead of failing the first visitor. Calling it again returns the same store.
 */
export function openStore(): Promise<SubmissionStore> {
  registry[OPENING] ??= (async () => {
    const { DATABASE_URL, DATABASE_POOL_SIZE, DATA_DIR } = getConfig();
    const store = DATABASE_URL ? await openPostgresStore(DATABASE_URL, { poolSize: DATABASE_POOL_SIZE }) : openSqliteStore(DATA_DIR);
    registry[KEY] = store;
    return store;
  })();
  registry[OPENING].catch(() => { registry[OPENING] = undefined; });
  return registry[OPENING];
}

/**
 * The process's submissions store. SQLite opens on first use. PostgreSQL connects and migrates asynchronously:
 * the server awaits openStore() at start, so this returns the open store; where nobody did (`astro dev`), the
 * calls wait for openStore() themselves.
 */
export function getStore(): SubmissionStore {
  if (registry[KEY]) return registry[KEY];
  const { DATABASE_URL, DATA_DIR } = getConfig();
  if (DATABASE_URL) return whenOpen;
  registry[KEY] = openSqliteStore(DATA_DIR);
  return registry[KEY];
}

const whenOpen: SubmissionStore = {
  upsertSignup: async (signup, confirmation) => (await openStore()).upsertSignup(signup, confirmation),
  createRegistration: async (registration, idempotency, mail) => (await openStore()).createRegistration(registration, idempotency, mail),
  confirmSubscriber: async (id) => (await openStore()).confirmSubscriber(id),
  unsubscribe: async (id) => (await openStore()).unsubscribe(id),
  deliverMail: async (deliver, options) => (await openStore()).deliverMail(deliver, options),
  countUnsentMail: async () => (await openStore()).countUnsentMail(),
  purgeExpired: async (cutoffs) => (await openStore()).purgeExpired(cutoffs),
  ensureSecret: async (name, candidate) => (await openStore()).ensureSecret(name, candidate),
  findIdempotentRegistration: async (key) => (await openStore()).findIdempotentRegistration(key),
  listSignups: async (page) => (await openStore()).listSignups(page),
  listRegistrations: async (page) => (await openStore()).listRegistrations(page),
  close: closeStore,
};

/** Closes the process's store (at shutdown); the next getStore() or openStore() opens a new one. */
export async function closeStore(): Promise<void> {
  const store = registry[KEY];
  registry[KEY] = undefined;
  registry[OPENING] = undefined;
  await store?.close();
}

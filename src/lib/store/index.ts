import { getConfig } from '../config.ts';
import { openPostgresStore } from './postgres-store.ts';
import { openSqliteStore } from './sqlite-store.ts';
import { IdempotencyConflictError, type SubmissionStore } from './types.ts';
import { storeCommit, storeFailures, timed } from '../metrics/index.ts';

export type { SubmissionStore } from './types.ts';

// One per process: server/index.ts and the routes load this same module (integrations/shared-lib.ts).
let current: SubmissionStore | undefined;
let opening: Promise<SubmissionStore> | undefined;

/**
 * Opens (and migrates) the process's store: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR.
 * The server awaits this at start, so an unreachable database, a bad DATA_DIR or a failed migration stops the
 * start instead of failing the first visitor. Calling it again returns the same store.
 */
export function openStore(): Promise<SubmissionStore> {
  opening ??= (async () => {
    const { DATABASE_URL, DATABASE_POOL_SIZE, DATA_DIR } = getConfig();
    const store = DATABASE_URL
      ? instrument(await openPostgresStore(DATABASE_URL, { poolSize: DATABASE_POOL_SIZE }), 'postgres')
      : instrument(openSqliteStore(DATA_DIR), 'sqlite');
    current = store;
    return store;
  })();
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

/**
 * The process's submissions store. SQLite opens on first use. PostgreSQL connects and migrates asynchronously:
 * the server awaits openStore() at start, so this returns the open store; where nobody did (`astro dev`), the
 * calls wait for openStore() themselves.
 */
export function getStore(): SubmissionStore {
  if (current) return current;
  const { DATABASE_URL, DATA_DIR } = getConfig();
  if (DATABASE_URL) return whenOpen;
  current = instrument(openSqliteStore(DATA_DIR), 'sqlite');
  return current;
}

const whenOpen: SubmissionStore = {
  upsertSignup: async (signup, confirmation) => (await openStore()).upsertSignup(signup, confirmation),
  createRegistration: async (registration, idempotency, mail) =>
    (await openStore()).createRegistration(registration, idempotency, mail),
  confirmSubscriber: async (id, via) => (await openStore()).confirmSubscriber(id, via),
  unsubscribe: async (id) => (await openStore()).unsubscribe(id),
  deliverMail: async (deliver, options) => (await openStore()).deliverMail(deliver, options),
  countUnsentMail: async () => (await openStore()).countUnsentMail(),
  purgeExpired: async (cutoffs) => (await openStore()).purgeExpired(cutoffs),
  ensureSecret: async (name, candidate) => (await openStore()).ensureSecret(name, candidate),
  findIdempotentRegistration: async (key) => (await openStore()).findIdempotentRegistration(key),
  listSignups: async (page) => (await openStore()).listSignups(page),
  listRegistrations: async (page) => (await openStore()).listRegistrations(page),
  eraseEmail: async (email) => (await openStore()).eraseEmail(email),
  purgeCreatedBefore: async (cutoff) => (await openStore()).purgeCreatedBefore(cutoff),
  schemaVersion: async () => (await openStore()).schemaVersion(),
  recordInsights: async (batch, cap) => (await openStore()).recordInsights(batch, cap),
  insightList: async (list, fromDay, limit) => (await openStore()).insightList(list, fromDay, limit),
  insightDays: async (fromDay) => (await openStore()).insightDays(fromDay),
  thumbsDown: async (fromDay, limit) => (await openStore()).thumbsDown(fromDay, limit),
  purgeInsightsBefore: async (day) => (await openStore()).purgeInsightsBefore(day),
  close: closeStore,
};

/** The forms' writes, timed into the metrics (commit latency, failures; an idempotency conflict is no failure). */
function instrument(store: SubmissionStore, kind: 'sqlite' | 'postgres'): SubmissionStore {
  const record = (operation: string) => (seconds: number, err?: unknown) => {
    storeCommit.observe({ store: kind, operation }, seconds);
    if (err && !(err instanceof IdempotencyConflictError)) storeFailures.inc({ store: kind, operation });
  };
  return {
    ...store,
    upsertSignup: (signup, confirmation) => timed(store.upsertSignup(signup, confirmation), record('signup')),
    createRegistration: (registration, idempotency, mail) =>
      timed(store.createRegistration(registration, idempotency, mail), record('registration')),
  };
}

/** Closes the process's store (at shutdown); the next getStore() or openStore() opens a new one. */
export async function closeStore(): Promise<void> {
  const store = current;
  current = undefined;
  opening = undefined;
  await store?.close();
}

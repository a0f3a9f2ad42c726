/**
 * Readiness for load balancers (GET /readyz): can this instance serve now? Unlike /api/health (the process is up),
 * it asks the store (reachable, every migration applied) and the search (every worker has loaded the index, and the
 * answer cache holds the shipped answers and those of the most searched queries: search/index.ts). Nothing
 * is cached but the search's first success, so an instance becomes ready again by itself when PostgreSQL returns.
 */
import { getStore } from '../store/index.ts';
import { latestMigration } from '../store/migrations.ts';
import { searchIndexLoaded } from '../search/index.ts';
import { log } from '../log.ts';

/** A check slower than this counts as failing: a probe must answer before the balancer's own timeout. */
const CHECK_TIMEOUT_MS = 2000;

export type CheckState = 'ok' | 'failing';
export interface Readiness {
  ready: boolean;
  checks: { store: CheckState; migrations: CheckState; search: CheckState };
}

const within = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref();
    }),
  ]);

/** Logged when a check changes state, not on every probe (a balancer probes every few seconds). */
const last: Record<string, CheckState> = {};
function note(check: string, state: CheckState, err?: unknown) {
  const before = last[check];
  last[check] = state;
  if (before === state || (before === undefined && state === 'ok')) return;
  if (state === 'ok') log.info({ check }, 'readiness: check passing');
  else log.warn({ check, err: err instanceof Error ? err.message : String(err) }, 'readiness: check failing');
}

export async function readiness(): Promise<Readiness> {
  const [version, search] = await Promise.allSettled([within(getStore().schemaVersion()), within(searchIndexLoaded())]);
  const store: CheckState = version.status === 'fulfilled' ? 'ok' : 'failing';
  const migrations: CheckState =
    version.status === 'fulfilled' && version.value >= latestMigration() ? 'ok' : 'failing';
  const index: CheckState = search.status === 'fulfilled' ? 'ok' : 'failing';
  note('store', store, version.status === 'rejected' ? version.reason : undefined);
  if (store === 'ok')
    note('migrations', migrations, `schema at version ${version.status === 'fulfilled' ? version.value : '?'}`);
  note('search', index, search.status === 'rejected' ? search.reason : undefined);
  return {
    ready: store === 'ok' && migrations === 'ok' && index === 'ok',
    checks: { store, migrations, search: index },
  };
}

/**
 * `npm run erase -- <email>`: removes every record of an address from the submissions store (SQLite or PostgreSQL,
 * as the environment says), prints what it removed, and writes an audit line naming the address only by its hash.
 * A command, not an HTTP route: staff admin APIs are outside the API's specification.
 */
import { join } from 'node:path';
import { ConfigError, getConfig } from '../src/lib/config.ts';

const email = process.argv[2]?.trim();
if (!email || process.argv.length > 3 || !email.includes('@')) {
  console.error('Usage: npm run erase -- <email>');
  process.exit(2);
}
try {
  getConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
const { openStore, closeStore } = await import('../src/lib/store/index.ts');
const { eraseAddress } = await import('../src/lib/ops/erasure.ts');
try {
  const removed = await eraseAddress(await openStore(), email, join(getConfig().DATA_DIR, 'mail'));
  const total = Object.values(removed).reduce((a, b) => a + b, 0);
  // One write: the audit line (pino, asynchronous) may come before or after it, but never inside it.
  console.log(
    [
      `Removed ${total} record${total === 1 ? '' : 's'} of ${email}:`,
      ...Object.entries(removed).map(([table, n]) => `  ${table}: ${n}`),
    ].join('\n'),
  );
} catch (err) {
  console.error(`Erasure failed, nothing was removed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeStore();
}

import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The `.eml` files the embedded mail transport writes to DATA_DIR/mail/ (no SMTP_URL). They are sent mail, and
 * hold addresses as the outbox does: erasure removes an address's files, and the retention job removes them after
 * the same 7 days as the outbox rows (the privacy page's promise).
 */
async function emlFiles(mailDir: string): Promise<string[]> {
  const names = await readdir(mailDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return names.filter((name) => name.endsWith('.eml')).map((name) => join(mailDir, name));
}

/** Deletes every mail file that holds `email` (any case); resolves with how many. */
export async function eraseMailFiles(mailDir: string, email: string): Promise<number> {
  const wanted = email.toLowerCase();
  let removed = 0;
  for (const file of await emlFiles(mailDir)) {
    const text = (await readFile(file, 'latin1')).toLowerCase();
    if (!text.includes(wanted)) continue;
    await unlink(file);
    removed++;
  }
  return removed;
}

/** Deletes the mail files written before `before` (ms since the epoch); resolves with how many. */
export async function purgeMailFiles(mailDir: string, before: number): Promise<number> {
  let removed = 0;
  for (const file of await emlFiles(mailDir)) {
    if ((await stat(file)).mtimeMs >= before) continue;
    await unlink(file).catch(() => {});
    removed++;
  }
  return removed;
}

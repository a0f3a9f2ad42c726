/** A connection URL (Redis, PostgreSQL) without its password, for logs and start-up errors. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

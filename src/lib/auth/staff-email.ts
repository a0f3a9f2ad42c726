/**
 * Whether an address belongs to staff: its domain (after the last `@`, case-insensitive) is one of `domains`
 * exactly. Subdomains are not included: list each domain that may enter.
 * @example isStaffEmail('Ada@Northgate.example', ['northgate.example']) // true
 */
export function isStaffEmail(email: string | null | undefined, domains: readonly string[]): boolean {
  if (!email) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  return domains.includes(
    email
      .slice(at + 1)
      .trim()
      .toLowerCase(),
  );
}

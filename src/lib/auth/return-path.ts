/**
 * A same-site path to come back to after signing in; anything else (another origin, `//host`, `/\host`) falls
 * back to /staff.
 * @example safeReturnPath('https://evil.example/') // '/staff'
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/staff';
  return value;
}

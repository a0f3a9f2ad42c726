import { isStaffEmail } from './staff-email.ts';

export const ENTRA_ID = 'microsoft-entra-id';
export const OIDC_ID = 'oidc';

/** The claims we read; providers send more. Unknown: a provider may send anything. */
export interface Claims {
  sub?: unknown;
  name?: unknown;
  email?: unknown;
  email_verified?: unknown;
  preferred_username?: unknown;
  xms_edov?: unknown;
  roles?: unknown;
}

/** Who may enter: the staff domains, and for Entra ID an app role the tenant may require. */
export interface StaffRules {
  domains: readonly string[];
  entraRequiredRole?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The address the provider vouches for, or null.
 * - Generic OIDC: `email` only when `email_verified` is the boolean `true`; a missing claim or the string
 *   "false" (which is truthy) is no verification.
 * - Entra ID: `email` is the user's Mail attribute, which need not be verified (Microsoft: "Migrate away from
 *   using email claims for user identification or authorization"); it counts only with the `xms_edov` optional
 *   claim ("email domain owner verified") set to `true`. Otherwise the user principal name in
 *   `preferred_username`, whose domain is always one the tenant has verified (the issuer is pinned to our tenant).
 */
export function verifiedEmail(provider: string, claims: Claims): string | null {
  if (provider === ENTRA_ID)
    return (claims.xms_edov === true ? str(claims.email) : undefined) ?? str(claims.preferred_username) ?? null;
  if (provider === OIDC_ID) return claims.email_verified === true ? (str(claims.email) ?? null) : null;
  return null;
}

/**
 * The sign-in decision: a verified address in a staff domain and, with Entra ID when a role is required, that
 * app role in the ID token's `roles` (for tenants where students share the staff domain).
 * @example mayEnter('oidc', { email: 'ada@northgate.example', email_verified: true }, { domains: ['northgate.example'] }) // true
 */
export function mayEnter(provider: string | undefined, claims: Claims | undefined, rules: StaffRules): boolean {
  if (!provider || !claims) return false;
  if (!isStaffEmail(verifiedEmail(provider, claims), rules.domains)) return false;
  if (provider === ENTRA_ID && rules.entraRequiredRole) {
    return Array.isArray(claims.roles) && claims.roles.includes(rules.entraRequiredRole);
  }
  return true;
}

import { getConfig } from '../config.ts';

/**
 * Issuers of the configured staff sign-in providers, Microsoft Entra ID first. Staff sign-in (issue 7) owns
 * these variables; read loosely here so this module works whether or not they are in the config schema yet.
 */
export function configuredIssuers(): string[] {
  const c = getConfig() as Partial<Record<'AUTH_MICROSOFT_ENTRA_ID_ID' | 'AUTH_MICROSOFT_ENTRA_ID_ISSUER' | 'AUTH_OIDC_ID' | 'AUTH_OIDC_ISSUER', string>>;
  const issuers: string[] = [];
  if (c.AUTH_MICROSOFT_ENTRA_ID_ID && c.AUTH_MICROSOFT_ENTRA_ID_ISSUER) issuers.push(c.AUTH_MICROSOFT_ENTRA_ID_ISSUER);
  if (c.AUTH_OIDC_ID && c.AUTH_OIDC_ISSUER) issuers.push(c.AUTH_OIDC_ISSUER);
  return issuers;
}

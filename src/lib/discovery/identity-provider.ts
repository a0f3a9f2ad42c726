import { staffProviders } from '../auth/providers.ts';
import { getConfig } from '../config.ts';

/** Issuers of the configured staff sign-in providers (Microsoft Entra ID first), as staff sign-in reads them. */
export function configuredIssuers(): string[] {
  return staffProviders(getConfig()).map((p) => p.issuer);
}

import MicrosoftEntraID from '@auth/core/providers/microsoft-entra-id';
import type { Provider } from '@auth/core/providers';
import type { Config } from '../config.ts';
import { ENTRA_ID, OIDC_ID, verifiedEmail, type Claims } from './staff-claims.ts';

export interface StaffProvider {
  id: string;
  name: string;
  issuer: string;
}

// All three checks on every provider: PKCE binds the code to this browser, state the callback to this sign-in,
// nonce the ID token to this authorization request.
const checks: ('pkce' | 'state' | 'nonce')[] = ['pkce', 'state', 'nonce'];

/** The sign-in providers the configuration enables, as shown on the sign-in page. */
export function staffProviders(config: Config): StaffProvider[] {
  const list: StaffProvider[] = [];
  if (config.AUTH_MICROSOFT_ENTRA_ID_ID && config.AUTH_MICROSOFT_ENTRA_ID_ISSUER) {
    list.push({ id: ENTRA_ID, name: 'Microsoft', issuer: config.AUTH_MICROSOFT_ENTRA_ID_ISSUER });
  }
  if (config.AUTH_OIDC_ID && config.AUTH_OIDC_ISSUER) {
    list.push({ id: OIDC_ID, name: config.AUTH_OIDC_NAME, issuer: config.AUTH_OIDC_ISSUER });
  }
  return list;
}

/** The same providers as Auth.js configurations, with their secrets (read at run time). */
export function authProviders(config: Config): Provider[] {
  const providers: Provider[] = [];
  if (config.AUTH_MICROSOFT_ENTRA_ID_ID) {
    providers.push(
      MicrosoftEntraID({
        clientId: config.AUTH_MICROSOFT_ENTRA_ID_ID,
        clientSecret: config.AUTH_MICROSOFT_ENTRA_ID_SECRET,
        issuer: config.AUTH_MICROSOFT_ENTRA_ID_ISSUER,
        checks,
        // The stock provider asks for Graph's User.Read and fetches the profile photo from Microsoft Graph at every
        // sign-in. We need neither: the ID token carries the name and address.
        authorization: { params: { scope: 'openid profile email' } },
        profile: entraProfile,
      }),
    );
  }
  if (config.AUTH_OIDC_ID) {
    providers.push({
      id: OIDC_ID,
      name: config.AUTH_OIDC_NAME,
      type: 'oidc',
      issuer: config.AUTH_OIDC_ISSUER,
      clientId: config.AUTH_OIDC_ID,
      clientSecret: config.AUTH_OIDC_SECRET,
      checks,
      authorization: { params: { scope: 'openid profile email' } },
      // Many providers keep `email` out of the ID token when an access token is issued (OIDC Core 5.4): ask the
      // userinfo endpoint, which Auth.js checks against the ID token's subject.
      idToken: false,
      profile: oidcProfile,
    });
  }
  return providers;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Entra ID: the name and address from the ID token (see verifiedEmail for which address). */
export function entraProfile(claims: Claims) {
  return {
    id: String(claims.sub),
    name: str(claims.name) ?? null,
    email: verifiedEmail(ENTRA_ID, claims),
    image: null,
  };
}

/** Generic OIDC: an address the provider has not verified is no address. */
export function oidcProfile(claims: Claims) {
  return {
    id: String(claims.sub),
    name: str(claims.name) ?? str(claims.preferred_username) ?? null,
    email: verifiedEmail(OIDC_ID, claims),
    image: null,
  };
}

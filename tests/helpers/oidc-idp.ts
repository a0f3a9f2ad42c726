import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// oidc-provider ships no types; the little this harness touches of its context.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OidcContext = any;

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  /** Lets the client come back to `redirectUri` (known once the website has started on its port). */
  allowRedirect(redirectUri: string): void;
}

export interface TestIdp {
  /** The issuer, e.g. http://localhost:41234 (the server listens on 127.0.0.1). */
  issuer: string;
  /** Registers a confidential client. */
  addClient(): IdpClient;
  /** Every request the IdP answered, as `METHOD path?query`. */
  requests: string[];
  /**
   * When set, rewrites the `Location` of the IdP's redirects: a man in the middle forging what the browser brings
   * back to the website (a swapped `state`, say).
   */
  rewriteRedirect?: (location: string) => string;
  /**
   * Claims to send for a login instead of the usual ones, by login; `undefined` leaves a claim out.
   * @example idp.claims['eve@elsewhere.example'] = { email: 'ada@northgate.example', xms_edov: undefined }
   */
  claims: Record<string, Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider) on loopback, standing in for the institute's directory.
 *
 * - Its development login form accepts any password; the login typed in is the user's email address
 *   (`ada@northgate.example`), and `unverified+…@…` logins get `email_verified: false`. Everyone has the app
 *   role `Staff` in `roles`, as Entra ID sends app roles; `idp.claims` changes any claim for one login.
 * - PKCE is required of every client, so a sign-in that gets through proves the client used it.
 * - Claims go in the ID token too (`conformIdTokenClaims: false`), as Microsoft Entra ID does, and consent is
 *   granted by the organisation (no consent screen), as a work directory does.
 * - The issuer host is `localhost` while the website runs on `127.0.0.1`: the browser treats them as two sites,
 *   so the `SameSite=Lax` cookies of the sign-in are tested across sites as in production.
 */
export async function startIdp(): Promise<TestIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const clients: { client_id: string; client_secret: string; redirect_uris: string[] }[] = [];
  const requests: string[] = [];
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  // oidc-provider reads its clients when it is built, so it is rebuilt whenever a client is added.
  const build = () => {
    const provider = new Provider(issuer, {
      clients: clients.map((c) => ({
        ...c,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      findAccount: (_ctx: OidcContext, id: string) => ({
        accountId: id,
        claims: () => {
          const claims: Record<string, unknown> = {
            sub: id,
            email: id.replace(/^unverified\+/, ''),
            email_verified: !id.startsWith('unverified+'),
            name: id
              .split('@')[0]
              .replace(/^unverified\+/, '')
              .replace(/^./, (c) => c.toUpperCase()),
            preferred_username: id,
            roles: ['Staff'],
            ...idp.claims[id],
          };
          for (const key of Object.keys(claims)) if (claims[key] === undefined) delete claims[key];
          return claims;
        },
      }),
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified', 'xms_edov'],
        profile: ['name', 'preferred_username', 'roles'],
      },
      pkce: { required: () => true },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['test-idp-cookie-key'] },
      loadExistingGrant: async (ctx: OidcContext) => {
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    handler = provider.callback();
  };
  server.on('request', (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) =>
      setHeader(
        name,
        name.toLowerCase() === 'location' && idp.rewriteRedirect ? idp.rewriteRedirect(String(value)) : value,
      );
    if (handler) handler(req, res);
    else res.writeHead(503).end('no client registered yet');
  });

  const idp: TestIdp = {
    issuer,
    requests,
    claims: {},
    addClient() {
      const n = clients.length + 1;
      const client = {
        client_id: `client-${n}`,
        client_secret: `secret-${n}-${randomBytes(12).toString('hex')}`,
        redirect_uris: [] as string[],
      };
      clients.push(client);
      return {
        clientId: client.client_id,
        clientSecret: client.client_secret,
        allowRedirect(redirectUri) {
          client.redirect_uris.push(redirectUri);
          build();
        },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return idp;
}

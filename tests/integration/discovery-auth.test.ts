import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesOpenApi } from '../helpers/openapi.ts';
import { startIdp, type IdpClient, type TestIdp } from '../helpers/oidc-idp.ts';
import { useServer } from '../helpers/server.ts';

// The OAuth documents with staff sign-in configured against a real OpenID provider on loopback.
let idp: TestIdp;
let client: IdpClient;
beforeAll(async () => {
  idp = await startIdp();
  client = idp.addClient();
});
afterAll(async () => {
  await idp?.close();
});
const server = useServer(() => ({
  AUTH_SECRET: 'discovery-secret-of-at-least-32-characters',
  STAFF_EMAIL_DOMAINS: 'northgate.example',
  AUTH_OIDC_ISSUER: idp.issuer,
  AUTH_OIDC_ID: client.clientId,
  AUTH_OIDC_SECRET: client.clientSecret,
}));
// The stand-in provider starts serving once its client may come back to the site.
beforeAll(() => {
  client.allowRedirect(`${server.url}/api/auth/callback/oidc`);
});

describe('OAuth and OpenID metadata with an identity provider', () => {
  it.each(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'])(
    "%s repeats the provider's issuer and endpoints",
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      const own = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
      // oauth4webapi accepts it as the provider's own metadata: the issuer is the provider, not this site.
      const as = await oauth.processDiscoveryResponse(new URL(idp.issuer), res);
      expect(as).toMatchObject({
        issuer: idp.issuer,
        authorization_endpoint: own.authorization_endpoint,
        token_endpoint: own.token_endpoint,
        jwks_uri: own.jwks_uri,
        code_challenge_methods_supported: own.code_challenge_methods_supported,
        service_documentation: `${server.url}/auth.md`,
      });
    },
  );

  it('the protected resource names the provider and no bearer methods; oauth4webapi accepts it for this origin', async () => {
    const res = await fetch(`${server.url}/.well-known/oauth-protected-resource`);
    const metadata = await oauth.processResourceDiscoveryResponse(new URL(server.url), res);
    expect(metadata.authorization_servers).toEqual([idp.issuer]);
    expect(metadata.bearer_methods_supported).toEqual([]);
  });

  it('/auth.md names the provider', async () => {
    const text = await (await fetch(`${server.url}/auth.md`)).text();
    expect(text).toContain(`\`${idp.issuer}\``);
    expect(text).toContain("repeat that provider's own metadata");
  });

  it("the sign-in handler's JSON answers match /openapi.json", async () => {
    for (const action of ['providers', 'session', 'csrf']) {
      const res = await fetch(`${server.url}/api/auth/${action}`);
      expect(res.status, action).toBe(200);
      await expectMatchesOpenApi('get', '/api/auth/{action}', res);
    }
    const providers = await (await fetch(`${server.url}/api/auth/providers`)).json();
    expect(Object.keys(providers)).toEqual(['oidc']);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationServerMetadata, protectedResourceMetadata } from '../../src/lib/discovery/oauth.ts';
import { ApiError } from '../../src/lib/http/api-error.ts';

// A real OpenID provider on loopback (panva's oidc-provider), standing in for the institute's directory.
let idp: Server;
let issuer: string;
let requests = 0;
beforeAll(async () => {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'site', client_secret: 'secret', redirect_uris: ['http://127.0.0.1/cb'] }],
  });
  const callback = provider.callback();
  idp.on('request', (req, res) => {
    requests++;
    callback(req, res);
  });
});
afterAll(() => new Promise((resolve) => idp?.close(resolve)));

const asResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('authorization-server metadata', () => {
  it("repeats the provider's own issuer and endpoints, and oauth4webapi accepts it as that provider's metadata", async () => {
    const metadata = (await authorizationServerMetadata(issuer, 'https://northgate.example')) as Record<
      string,
      unknown
    >;
    const own = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: own.authorization_endpoint,
      token_endpoint: own.token_endpoint,
      jwks_uri: own.jwks_uri,
      response_types_supported: own.response_types_supported,
      service_documentation: 'https://northgate.example/auth.md',
    });
    const as = await oauth.processDiscoveryResponse(new URL(issuer), asResponse(metadata));
    expect(as.issuer).toBe(issuer);
    expect(as.authorization_endpoint).toBe(own.authorization_endpoint);
    // A client that takes this site for the authorization server is told otherwise: the issuer is not this site.
    await expect(
      oauth.processDiscoveryResponse(new URL('https://northgate.example'), asResponse(metadata)),
    ).rejects.toThrow();
  });

  it("fetches the provider's document once and reuses it", async () => {
    await authorizationServerMetadata(issuer, 'https://northgate.example');
    const before = requests;
    await authorizationServerMetadata(issuer, 'https://northgate.example');
    expect(requests).toBe(before);
  });

  it('refuses a provider document that names another issuer, and an unreachable provider, with a 500 ApiError', async () => {
    const lying = (async () =>
      asResponse({ issuer: 'https://evil.example', authorization_endpoint: 'https://evil.example/a' })) as typeof fetch;
    await expect(
      authorizationServerMetadata('https://idp-1.example', 'https://n.example', lying),
    ).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const err = await authorizationServerMetadata('https://idp-2.example', 'https://n.example', down).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).resolution).toContain('https://idp-2.example/.well-known/openid-configuration');
  });
});

describe('protected-resource metadata (RFC 9728)', () => {
  it('names the provider as authorization server and no bearer methods; oauth4webapi accepts it for this origin', async () => {
    const metadata = protectedResourceMetadata('https://northgate.example', [issuer]);
    expect(metadata).toMatchObject({
      authorization_servers: [issuer],
      bearer_methods_supported: [],
      resource_documentation: 'https://northgate.example/auth.md',
    });
    const checked = await oauth.processResourceDiscoveryResponse(
      new URL('https://northgate.example'),
      asResponse(metadata),
    );
    expect(checked.resource).toBe('https://northgate.example');
  });

  it('leaves authorization_servers out when there is no provider', () => {
    expect(protectedResourceMetadata('https://northgate.example', [])).not.toHaveProperty('authorization_servers');
  });
});

/**
 * Staff sign-in through auth-astro: the Auth.js endpoints, the session and the CSRF token, each with the
 * configuration built for this request (see auth-options.ts). The one module that imports auth-astro's server
 * code, which needs the `auth:config` module that auth-astro's integration provides in the build.
 */
import type { APIContext } from 'astro';
import { Auth } from '@auth/core';
import type { Session } from '@auth/core/types';
import { AstroAuth, getSession } from 'auth-astro/server';
import { getConfig } from '../config.ts';
import { AUTH_PREFIX, authOptions } from './auth-options.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { requestForAuth } from './request-for-auth.ts';
import { staffProviders } from './providers.ts';

export const signInConfigured = () => staffProviders(getConfig()).length > 0;

function prepare(request: Request) {
  const config = getConfig();
  const origin = new URL(publicOrigin(request, config));
  return { request: requestForAuth(request, origin), options: authOptions(config, origin) };
}

/** Answers `/api/auth/*` with auth-astro's handler; `undefined` for a path that is not an Auth.js action. */
export async function handleAuthRequest(context: APIContext): Promise<Response | undefined> {
  const { request, options } = prepare(context.request);
  const { GET } = AstroAuth(options);
  // Typed as Auth.js's internal response because `raw` could be set; it is not, so this is a Response.
  return (await GET({ ...context, request } as APIContext)) as Response | undefined;
}

/** The signed-in user's session, or null (no cookie, an expired one, or one that fails to decrypt). */
export async function staffSession(request: Request): Promise<Session | null> {
  const prepared = prepare(request);
  return getSession(prepared.request, prepared.options);
}

/**
 * A CSRF token for the sign-in and sign-out forms, and the `Set-Cookie` lines to send with the page (the token's
 * cookie, on first use).
 */
export async function csrfToken(request: Request): Promise<{ token: string; setCookie: string[] }> {
  const prepared = prepare(request);
  const url = new URL(`${AUTH_PREFIX}/csrf`, prepared.request.url);
  const response = await Auth(new Request(url, { headers: prepared.request.headers }), prepared.options);
  const body = (await response.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error(`Auth.js returned no CSRF token (status ${response.status})`);
  return { token: body.csrfToken, setCookie: response.headers.getSetCookie() };
}

import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config.ts';
import { authMarkdown } from '../lib/discovery/auth-md.ts';
import { configuredIssuers } from '../lib/discovery/identity-provider.ts';
import { discoveryText } from '../lib/discovery/respond.ts';
import { route } from '../lib/api/routes.ts';
import { methodNotAllowed } from '../lib/http/method-guard.ts';

export const prerender = false;

/** How authentication works here, as Markdown; it names the configured provider, so it is built per start. */
export const GET = (() =>
  discoveryText(
    authMarkdown({ contactEmail: getConfig().CONTACT_EMAIL, issuers: configuredIssuers() }),
    'text/markdown; charset=utf-8',
  )) satisfies APIRoute;
export const HEAD = GET;
export const ALL = methodNotAllowed(route('/auth.md'));

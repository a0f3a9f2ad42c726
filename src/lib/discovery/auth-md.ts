import { rateLimitPolicies, windowText, type RateLimitPolicy } from '../limits/policies.ts';
import { SITE_NAME } from '../site.ts';

/** The POST routes' limits, as the route table says them: "chat 20 requests per 10 minutes, …". */
function limitsText(): string {
  const { chat, signup, registration } = rateLimitPolicies;
  const per = (p: RateLimitPolicy) => `${p.points} requests per ${windowText(p.durationSeconds)}`;
  return `chat ${per(chat)}, the newsletter signup ${per(signup)}, course registration ${per(registration)}`;
}

/**
 * /auth.md: how authentication works on this site, for agents and integrators reading the OAuth metadata.
 * @example authMarkdown({ contactEmail: 'developers@northgate.example', issuers: [] })
 */
export function authMarkdown({ contactEmail, issuers }: { contactEmail: string; issuers: string[] }): string {
  const provider =
    issuers.length > 0
      ? `Staff sign in at the institute's identity provider (${issuers.map((i) => `\`${i}\``).join(', ')}). ` +
        "`/.well-known/oauth-authorization-server` and `/.well-known/openid-configuration` repeat that provider's own metadata (its issuer and endpoints); they describe the provider, not a token service of this site."
      : 'No staff identity provider is configured on this server, so `/.well-known/oauth-authorization-server` and `/.well-known/openid-configuration` answer `404` with a pointer here.';
  return `---
title: Authentication
description: The public API needs no credentials; staff sign-in is not an OAuth API for third parties.
url: /auth.md
---

# Authentication at ${SITE_NAME}

## The public API: no credentials

Search, chat, the newsletter signup, course registration, the bot-challenge helpers, the health probe and the
discovery documents are anonymous. Send no key, token or cookie. The MCP server at \`/mcp\` is anonymous too.

They are rate limited per client IP instead (${limitsText()}). Every answer
of a limited route carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix time in
milliseconds); a \`429\` adds \`Retry-After\` in seconds. There is no self-service credential, no client
registration and no agent sign-up. For higher limits or integration questions, write to ${contactEmail} with your
use case.

## Staff sign-in

Staff of the institute sign in at \`/staff/sign-in\`. The sign-in handler (Auth.js, under \`/api/auth/\`) sends
them to the institute's identity provider and, when they come back, sets a session cookie that only the staff
pages under \`/staff\` accept. ${provider}

This is **not** an OAuth API for third parties: this site issues no access tokens, accepts no bearer tokens on any
route, and offers no client registration. \`/.well-known/oauth-protected-resource\` (RFC 9728) says so:
\`bearer_methods_supported\` is empty. Automated clients should not try to sign in or scrape the staff pages.

## See also

- [Developer guide](/developers.md): every route with examples
- [OpenAPI description](/openapi.json)
- [API catalog](/.well-known/api-catalog)
`;
}

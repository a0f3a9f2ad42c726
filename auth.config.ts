/**
 * auth-astro compiles this file into the server bundle as its default configuration (`auth:config`). It is
 * evaluated at build time too, so it must not read secrets or providers: every call in src/lib/auth/handler.ts
 * passes the configuration built at run time from the environment (src/lib/auth/auth-options.ts) instead.
 */
import type { FullAuthConfig } from 'auth-astro/src/config';

export default { prefix: '/api/auth', basePath: '/api/auth', providers: [] } satisfies FullAuthConfig;

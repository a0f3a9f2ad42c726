declare namespace App {
  interface Locals {
    /** The signed-in member of staff, set by the /staff gate (src/lib/auth/staff-area.ts). */
    staffUser?: { name: string | null; email: string | null };
    /** Auth.js's CSRF token for the sign-in and sign-out forms on /staff pages. */
    csrfToken?: string;
  }
}

// auth-astro ships TypeScript source that imports set-cookie-parser, which has no type declarations.
declare module 'set-cookie-parser';

// The module auth-astro's server code imports; integrations/auth-astro.ts provides it from auth.config.ts.
declare module 'auth:config' {
  const config: import('auth-astro/src/config').FullAuthConfig;
  export default config;
}

declare namespace App {
  interface Locals {
    /** The signed-in member of staff, set by the /staff gate (src/lib/auth/staff-area.ts). */
    staffUser?: { name: string | null; email: string | null };
    /** Auth.js's CSRF token for the sign-in and sign-out forms on /staff pages. */
    csrfToken?: string;
    /**
     * The method the client sent when Fetch cannot carry it (TRACE, TRACK): the server hands Astro a stand-in
     * method no route takes, so the route answers 405, naming this one (server/method-guard.ts).
     */
    clientMethod?: string;
  }
}

// auth-astro ships TypeScript source that imports set-cookie-parser, which has no type declarations.
declare module 'set-cookie-parser';

// The module auth-astro's server code imports; integrations/auth-astro.ts provides it from auth.config.ts.
declare module 'auth:config' {
  const config: import('auth-astro/src/config').FullAuthConfig;
  export default config;
}

// The Porter2 (Snowball English) stemmer, the algorithm Pagefind stems English words with; it ships no types.
declare module 'wink-porter2-stemmer' {
  export default function stem(word: string): string;
}

import type { Plugin } from 'vite';

/**
 * auth-astro's server code reads `import.meta.env.AUTH_SECRET` (and other variables), which Vite replaces with
 * the build machine's values: a secret set when building would be written into dist/server. We pass every
 * setting at run time (src/lib/auth/auth-options.ts), so its view of the environment is emptied at build time.
 * tests/integration/auth-build.test.ts builds with a secret set and checks that it appears nowhere.
 */
export function noBuildTimeEnv(): Plugin {
  return {
    name: 'institute:no-build-time-env',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]auth-astro[\\/]server\.ts$/.test(id)) return;
      if (!code.includes('import.meta.env')) throw new Error('auth-astro changed: re-check integrations/no-build-time-env.ts');
      return { code: code.replaceAll('import.meta.env', '({})'), map: null };
    },
  };
}

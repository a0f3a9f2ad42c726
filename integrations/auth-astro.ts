import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { virtualConfigModule } from 'auth-astro/src/config';

/**
 * The build-time half of auth-astro: its `auth:config` module (which auth-astro's server code imports), set up
 * the way auth-astro's own integration does. We do not use the rest of that integration: its injected
 * /api/auth route would run on the configuration compiled in at build time (ours, src/pages/api/auth/[...auth].ts,
 * builds it per request from the environment), and its Node < 19 crypto polyfill is moot on Node 24.
 */
export function authAstro(): AstroIntegration {
  return {
    name: 'institute:auth-astro',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [virtualConfigModule('./auth.config.ts'), noBuildTimeEnv()],
            optimizeDeps: { exclude: ['auth:config'] },
          },
        });
      },
    },
  };
}

/**
 * auth-astro's server code reads `import.meta.env.AUTH_SECRET` (and other variables), which Vite replaces with
 * the build machine's values: a secret set when building would be written into dist/server. We pass every
 * setting at run time (src/lib/auth/auth-options.ts), so its view of the environment is emptied at build time.
 * tests/integration/auth-build.test.ts builds with secrets set and checks that they appear nowhere.
 */
function noBuildTimeEnv(): Plugin {
  return {
    name: 'institute:auth-astro-no-build-time-env',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]auth-astro[\\/]server\.ts$/.test(id)) return;
      if (!code.includes('import.meta.env')) throw new Error('auth-astro changed: re-check integrations/auth-astro.ts');
      return { code: code.replaceAll('import.meta.env', '({})'), map: null };
    },
  };
}

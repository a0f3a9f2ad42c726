// ESLint: typescript-eslint's and eslint-plugin-astro's recommended rules over every source file. Formatting is
// Prettier's (npm run format), not ESLint's.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'data/', 'eval/out/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    rules: {
      // A leading underscore says "unused on purpose" (a parameter a callback must take); a rest sibling is how an
      // object is copied without some keys.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // The layers (docs/architecture.md): a lib module never reaches up into the routes, the visible site or the
  // server, and the routes never into the server.
  {
    files: ['src/lib/**', 'src/schemas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(.*/)?(pages|components|layouts|scripts|server)/',
              message:
                'src/lib and src/schemas sit below the routes, the visible site and the server (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/pages/**', 'src/components/**', 'src/layouts/**', 'server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server/',
              message: 'Routes and the visible site do not import the server (docs/architecture.md).',
            },
            { regex: '^(\\.\\./)+(src/)?pages/', message: 'Nothing imports a route (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  // Server code, scripts and tests run in Node; src/scripts and components' <script>s in the browser.
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['src/scripts/**', '**/*.astro'], languageOptions: { globals: { ...globals.browser } } },
);

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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // Server code, scripts and tests run in Node; src/scripts and components' <script>s in the browser.
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['src/scripts/**', '**/*.astro'], languageOptions: { globals: { ...globals.browser } } },
);

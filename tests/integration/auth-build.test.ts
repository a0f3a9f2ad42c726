import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject, copyProject } from '../helpers/project-copy.ts';

describe('staff sign-in secrets', () => {
  it('are read at run time: a secret in the build environment appears nowhere in the build', () => {
    const { dir, remove } = copyProject('institute-auth-build-');
    try {
      const secrets = {
        AUTH_SECRET: 'build-env-secret-4f9c2a7d1e8b6c3a5d0f',
        AUTH_OIDC_SECRET: 'build-env-oidc-secret-77aa',
        AUTH_MICROSOFT_ENTRA_ID_SECRET: 'build-env-entra-secret-88bb',
      };
      const run = buildProject(dir, {
        ...secrets,
        STAFF_EMAIL_DOMAINS: 'northgate.example',
        AUTH_OIDC_ISSUER: 'https://id.northgate.example',
        AUTH_OIDC_ID: 'web',
        AUTH_MICROSOFT_ENTRA_ID_ISSUER: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
        AUTH_MICROSOFT_ENTRA_ID_ID: 'app',
      });
      expect(run.status, run.output).toBe(0);
      const files = readdirSync(join(dir, 'dist'), { recursive: true, withFileTypes: true }).filter(
        (f) => f.isFile() && /\.(m?js|html|json|txt)$/.test(f.name),
      );
      expect(files.some((f) => f.name === 'entry.mjs')).toBe(true);
      for (const file of files) {
        const text = readFileSync(join(file.parentPath, file.name), 'utf8');
        for (const value of Object.values(secrets))
          expect(text.includes(value), `${file.name} contains a secret`).toBe(false);
      }
    } finally {
      remove();
    }
  }, 150_000);
});

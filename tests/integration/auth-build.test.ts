import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

describe('staff sign-in secrets', () => {
  it('are read at run time: a secret in the build environment appears nowhere in the build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'institute-auth-build-'));
    try {
      for (const entry of ['src', 'public', 'integrations', 'astro.config.mjs', 'auth.config.ts', 'tsconfig.json', 'package.json']) {
        cpSync(resolve(entry), join(dir, entry), { recursive: true });
      }
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
      const secrets = { AUTH_SECRET: 'build-env-secret-4f9c2a7d1e8b6c3a5d0f', AUTH_OIDC_SECRET: 'build-env-oidc-secret-77aa', AUTH_MICROSOFT_ENTRA_ID_SECRET: 'build-env-entra-secret-88bb' };
      const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
        cwd: dir, encoding: 'utf8', timeout: 120_000,
        env: {
          ...process.env, ...secrets, STAFF_EMAIL_DOMAINS: 'northgate.example',
          AUTH_OIDC_ISSUER: 'https://id.northgate.example', AUTH_OIDC_ID: 'web',
          AUTH_MICROSOFT_ENTRA_ID_ISSUER: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0', AUTH_MICROSOFT_ENTRA_ID_ID: 'app',
        },
      });
      expect(run.status, run.stderr).toBe(0);
      const files = readdirSync(join(dir, 'dist'), { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && /\.(m?js|html|json|txt)$/.test(f.name));
      expect(files.some((f) => f.name === 'entry.mjs')).toBe(true);
      for (const file of files) {
        const text = readFileSync(join(file.parentPath, file.name), 'utf8');
        for (const value of Object.values(secrets)) expect(text.includes(value), `${file.name} contains a secret`).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

/**
 * Configuration from the environment, read once and validated at start-up. A bad value stops the start with a
 * message naming the variable. Later capabilities add their variables here, so there is one place to look.
 */
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321).describe('TCP port to listen on'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address to listen on; 0.0.0.0 for all interfaces'),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional().describe('Public origin for absolute links; default: the request\'s own origin'),
  DATA_DIR: z.string().min(1).default('./data').describe('Folder for the SQLite submissions store'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0).describe('How many right-most X-Forwarded-For hops to trust'),
  LOG_LEVEL: z.enum(logLevels).default('info').describe('pino log level'),
  SEARCH_WORKERS: z.coerce.number().int().min(1).max(32).optional().describe('Search worker threads; default: one per CPU core'),
  SEARCH_BUNDLE_DIR: z.string().min(1).optional().describe('Pagefind bundle to search; default: the build\'s dist/client/pagefind (benchmarks point it elsewhere)'),
  SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000).describe('Recent search answers kept in memory; 0 turns the cache off'),
  TURNSTILE_SITE_KEY: z.string().min(1).max(200).optional().describe('Cloudflare Turnstile site key (public); with the secret, turns the form challenge on'),
  TURNSTILE_SECRET_KEY: z.string().min(1).max(200).optional().describe('Cloudflare Turnstile secret key; never sent to browsers'),
  TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('https://challenges.cloudflare.com/turnstile/v0/siteverify').describe('Turnstile siteverify address (tests point it at a loopback stand-in)'),
  TURNSTILE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000).describe('How long one challenge verification may take in total, retry included'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional().describe('PostgreSQL connection URL (postgres://user:password@host:5432/db); set, it replaces the SQLite store so several instances share one'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).describe('Most PostgreSQL connections one instance opens'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional().describe('Redis URL (redis://host:6379); set, the rate-limit counters live there so several instances share one limit'),
  RATE_LIMIT_DISABLED: z.enum(['0', '1']).default('0').transform((v) => v === '1').describe('1 turns the rate limits off, for load benchmarks only; refused unless HOST is a loopback address'),
}).superRefine((c, ctx) => {
  if (Boolean(c.TURNSTILE_SITE_KEY) !== Boolean(c.TURNSTILE_SECRET_KEY)) {
    const missing = c.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'the challenge needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY; set both or neither' });
  }
  // Limits off is a benchmark setting: refusing it on a public interface keeps it out of production by accident.
  if (c.RATE_LIMIT_DISABLED && !isLoopback(c.HOST)) {
    ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT_DISABLED'], message: `rate limits may only be disabled on a loopback HOST (127.0.0.1, ::1, localhost), not ${c.HOST}` });
  }
});

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export type Config = Readonly<z.output<typeof configSchema>>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Values never echoed in a start-up error: they carry passwords (URLs with credentials) or are secrets. */
const secret = new Set(['DATABASE_URL', 'REDIS_URL', 'TURNSTILE_SECRET_KEY']);

/** Parse an environment; empty strings count as unset so `FOO=` falls back to the default. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `${name}: ${i.message} (got ${secret.has(name) ? '(hidden: it may hold a password)' : JSON.stringify(env[name])})`;
    }));
  }
  return Object.freeze(result.data);
}

let current: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

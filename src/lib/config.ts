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
  SEARCH_WORKERS: z.coerce.number().int().min(1).max(32).optional().describe('Search worker threads; default: one per CPU core but one'),
  SEARCH_BUNDLE_DIR: z.string().min(1).optional().describe('Pagefind bundle to search; default: the build\'s dist/client/pagefind (benchmarks point it elsewhere)'),
  SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000).describe('Recent search answers kept in memory; 0 turns the cache off'),
  SEARCH_CACHE_MB: z.coerce.number().min(1).max(4096).default(32).describe('Upper bound on the memory of cached search answers, approximately, in MB'),
  SEARCH_WARM: z.enum(['on', 'off']).default('off').describe('Warm the search cache with the most common terms in the background (on, off)'),
});

export type Config = Readonly<z.infer<typeof configSchema>>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parse an environment; empty strings count as unset so `FOO=` falls back to the default. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `${name}: ${i.message} (got ${JSON.stringify(env[name])})`;
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

/**
 * Configuration from the environment, read once and validated at start-up. A bad value stops the start with a
 * message naming the variable. Every capability's variables are here, so there is one place to look.
 */
import { z } from 'zod';
import { parseTrustProxy } from './http/trusted-proxies.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// An identity provider's issuer: https, except on loopback where the tests run their own provider.
const issuerUrl = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }, 'must be an https URL (plain http only on loopback)')
  .transform((value) => value.replace(/\/+$/, ''));

// Microsoft's shared issuers let any Microsoft account (or any tenant) sign in, and their email claims are not
// verified by the institute: only the institute's own tenant issuer may decide who is staff.
const MULTI_TENANT = /\/(common|organizations|consumers)(\/|$)/;

const domainList = z.string().transform((value, ctx) => {
  const domains = value
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  for (const d of domains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d))
      ctx.addIssue({ code: 'custom', message: `"${d}" is not a domain name` });
  }
  return domains;
});

/** Gemini model used when CHAT_MODEL is not set. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

const fields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321).describe('TCP port to listen on'),
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)])
    .default(1)
    .describe('Server processes sharing the port (node:cluster); auto: one per CPU core'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address to listen on; 0.0.0.0 for all interfaces'),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "Public origin for absolute links; Turnstile tokens must also have been solved on its host. Default: the request's own origin (no host check)",
    ),
  DATA_DIR: z.string().min(1).default('./data').describe('Folder for the SQLite submissions store'),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .describe(
      'Our reverse proxies: a count of right-most X-Forwarded-For hops, or their addresses/CIDR ranges/loopback, comma-separated (X-Forwarded-* from any other peer is ignored)',
    ),
  LOG_LEVEL: z.enum(logLevels).default('info').describe('pino log level'),
  GOOGLE_GENERATIVE_AI_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Google Gemini API key; turns the chat on with Gemini'),
  GOOGLE_GENERATIVE_AI_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('Gemini API endpoint; default https://generativelanguage.googleapis.com/v1beta'),
  CHAT_OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Base URL of an OpenAI-compatible server (Ollama, llama.cpp, vLLM), e.g. http://127.0.0.1:11434/v1; turns the chat on with it',
    ),
  CHAT_OPENAI_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Bearer token for the OpenAI-compatible server, if it wants one'),
  CHAT_MODEL: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      `Chat model name; default ${DEFAULT_GEMINI_MODEL} with Gemini, required with an OpenAI-compatible server`,
    ),
  CHAT_FIRST_TOKEN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(30_000)
    .describe("How long the chat waits for the model's first token before answering 503 AI_UNAVAILABLE"),
  CHAT_MAX_OUTPUT_TOKENS: z.coerce
    .number()
    .int()
    .min(16)
    .max(65_536)
    .default(1024)
    .describe('Most tokens the model may write for one chat answer (the cost ceiling of an answer)'),
  CHAT_MAX_STREAMS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(32)
    .describe(
      'Most chat answers (POST /api/chat and MCP ask_site) one instance writes at once; beyond it, 503 AI_UNAVAILABLE with Retry-After',
    ),
  SEARCH_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .optional()
    .describe('Search worker threads; default: one per CPU core but one'),
  SEARCH_BUNDLE_DIR: z
    .string()
    .min(1)
    .optional()
    .describe("Pagefind bundle to search; default: the build's dist/client/pagefind (benchmarks point it elsewhere)"),
  SEARCH_CACHE_SIZE: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(1000)
    .describe('Recent search answers kept in memory; 0 turns the cache off'),
  SEARCH_CACHE_MB: z.coerce
    .number()
    .min(1)
    .max(4096)
    .default(32)
    .describe('Upper bound on the memory of cached search answers, approximately, in MB'),
  SEARCH_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(64)
    .describe('Searches that may wait for a busy search worker; more are refused with 503 SEARCH_UNAVAILABLE'),
  SEARCH_WARM: z
    .enum(['on', 'off'])
    .default('off')
    .describe('Warm the search cache with the most common terms in the background (on, off)'),
  TURNSTILE_SITE_KEY: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Cloudflare Turnstile site key (public); with the secret, turns the form challenge on'),
  TURNSTILE_SECRET_KEY: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Cloudflare Turnstile secret key; never sent to browsers'),
  TURNSTILE_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify')
    .describe('Turnstile siteverify address (tests point it at a loopback stand-in)'),
  TURNSTILE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30_000)
    .default(4000)
    .describe('How long one challenge verification may take in total, retry included'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe(
      'PostgreSQL connection URL (postgres://user:password@host:5432/db); set, it replaces the SQLite store so several instances share one',
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('Most PostgreSQL connections one instance opens'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .describe(
      'Redis URL (redis://host:6379); set, the rate-limit counters live there so several instances share one limit',
    ),
  CONTENT_SIGNAL: z
    .string()
    .trim()
    .regex(
      /^(search|ai-input|ai-train)=(yes|no)(\s*,\s*(search|ai-input|ai-train)=(yes|no))*$/,
      'must be comma-separated search=, ai-input=, ai-train= each yes or no, e.g. "search=yes, ai-input=yes, ai-train=no"',
    )
    .default('search=yes, ai-input=yes, ai-train=no')
    .describe('Content-Signal line of robots.txt (contentsignals.org): what crawlers may do with the pages'),
  CONTACT_EMAIL: z
    .email()
    .default('developers@northgate.example')
    .describe(
      'Where integrators ask for higher rate limits; shown on /developers and /auth.md, and in /openapi.json (info.contact)',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (openssl rand -hex 16)')
    .max(512)
    .optional()
    .describe(
      'Bearer token that may read /metrics from anywhere; without it, /metrics answers only on loopback, and not at all behind a proxy (TRUST_PROXY)',
    ),
  RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .optional()
    .describe(
      'Course registrations older than this many days are deleted, at start and once a day; unset keeps everything',
    ),
  INSIGHTS: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      'off stops recording searches, clicks, chat questions and chat feedback for the staff insights page (docs/insights.md)',
    ),
  INSIGHTS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe(
      'Search and chat insights (counts per query per day, feedback) older than this many days are deleted, at start and once a day',
    ),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe(
      'SMTP server for outgoing mail (smtp://user:pass@host:587, smtps://…); unset, mail is written as .eml files under DATA_DIR/mail/',
    ),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .regex(/@/, 'must be an address, e.g. "Northgate Institute <news@northgate.example>"')
    .default('Northgate Institute <no-reply@northgate.example>')
    .describe('Sender of every email'),
  REGISTRY_EMAIL: z
    .email()
    .optional()
    .describe('Where the registry is told of each new course registration; unset, no notice is sent'),
  MAIL_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (openssl rand -base64 33)')
    .optional()
    .describe('Signs confirmation and unsubscribe links; unset, one is generated at first start and kept in the store'),
  CLOCK_NOW: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 instant, e.g. "2026-11-06T00:00:00Z"' })
    .transform((v) => new Date(v))
    .optional()
    .describe(
      'Tests only: the instant the calendar takes as now (upcoming events, key dates, next start); refused unless HOST is a loopback address',
    ),
  RATE_LIMIT_DISABLED: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1')
    .describe('1 turns the rate limits off, for load benchmarks only; refused unless HOST is a loopback address'),

  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (openssl rand -base64 33)')
    .optional()
    .describe('Signs and encrypts staff sessions; required when a sign-in provider is configured'),
  AUTH_MICROSOFT_ENTRA_ID_ID: z.string().optional().describe('Microsoft Entra ID application (client) id'),
  AUTH_MICROSOFT_ENTRA_ID_SECRET: z.string().optional().describe('Microsoft Entra ID client secret'),
  AUTH_MICROSOFT_ENTRA_ID_ISSUER: issuerUrl
    .refine(
      (v) => !MULTI_TENANT.test(new URL(v).pathname),
      'must be the tenant issuer https://login.microsoftonline.com/<tenant-id>/v2.0, not a shared one',
    )
    .optional()
    .describe("The institute tenant's issuer, https://login.microsoftonline.com/<tenant-id>/v2.0"),
  AUTH_OIDC_ISSUER: issuerUrl.optional().describe('Issuer of a generic OpenID Connect provider'),
  AUTH_OIDC_ID: z.string().optional().describe('Client id at the OpenID Connect provider'),
  AUTH_OIDC_SECRET: z.string().optional().describe('Client secret at the OpenID Connect provider'),
  AUTH_OIDC_NAME: z.string().max(60).default('Single sign-on').describe('Label of the OpenID Connect sign-in button'),
  AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .optional()
    .describe(
      "An app role the Entra ID token's roles claim must contain, for tenants where students share the staff domain",
    ),
  STAFF_EMAIL_DOMAINS: domainList.optional().describe('Comma list of email domains whose users may enter /staff'),
  STAFF_SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(168)
    .default(8)
    .describe('Hours after sign-in when a staff session ends, however active (at most 168, a week)'),
});

/** The challenge needs both keys, and limits may be switched off only on loopback. */
function checkFormsConfig(c: z.output<typeof fields>, ctx: z.RefinementCtx) {
  if (Boolean(c.TURNSTILE_SITE_KEY) !== Boolean(c.TURNSTILE_SECRET_KEY)) {
    const missing = c.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'the challenge needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY; set both or neither',
    });
  }
  // Limits off is a benchmark setting: refusing it on a public interface keeps it out of production by accident.
  if (c.RATE_LIMIT_DISABLED && !isLoopback(c.HOST)) {
    ctx.addIssue({
      code: 'custom',
      path: ['RATE_LIMIT_DISABLED'],
      message: `rate limits may only be disabled on a loopback HOST (127.0.0.1, ::1, localhost), not ${c.HOST}`,
    });
  }
  // A frozen clock is a test setting: on a public interface it would show visitors a stale calendar.
  if (c.CLOCK_NOW && !isLoopback(c.HOST)) {
    ctx.addIssue({
      code: 'custom',
      path: ['CLOCK_NOW'],
      message: `the calendar clock may only be set on a loopback HOST (127.0.0.1, ::1, localhost), for tests; not on ${c.HOST}`,
    });
  }
}

/**
 * Mail carries links, and they must point at the public https site, never at a request's Host header: once mail
 * can reach anyone (an SMTP server, local or not) and anyone can reach the server (a HOST other than loopback),
 * a forged Host would put the attacker's origin into a genuine email from the institute. (Behind a proxy on the
 * same machine, docs/deployment.md has the proxy set Host itself, and SITE_URL is the advice.)
 */
function checkMailConfig(c: z.output<typeof fields>, ctx: z.RefinementCtx) {
  if (!c.SMTP_URL) return;
  const reachable = !isLoopback(c.HOST) || !isLoopback(new URL(c.SMTP_URL).hostname);
  if (reachable && !c.SITE_URL?.startsWith('https://')) {
    ctx.addIssue({
      code: 'custom',
      path: ['SITE_URL'],
      message:
        "must be the public https origin when SMTP_URL sends mail and the server is reachable (a HOST other than loopback, or a remote SMTP server): the links in emails are built from it, never from a request's Host",
    });
  }
}

/** Chat settings that only make sense together: one provider at a time, and nothing set that would be ignored. */
function checkChatConfig(c: z.output<typeof fields>, ctx: z.RefinementCtx) {
  const problem = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (c.GOOGLE_GENERATIVE_AI_API_KEY && c.CHAT_OPENAI_BASE_URL) {
    problem(
      'CHAT_OPENAI_BASE_URL',
      'the chat uses one model provider: set GOOGLE_GENERATIVE_AI_API_KEY (Gemini) or CHAT_OPENAI_BASE_URL (OpenAI-compatible), not both',
    );
  }
  if (c.CHAT_OPENAI_BASE_URL && !c.CHAT_MODEL)
    problem('CHAT_MODEL', 'an OpenAI-compatible server needs the model name in CHAT_MODEL (e.g. llama3.2 for Ollama)');
  if (c.CHAT_OPENAI_API_KEY && !c.CHAT_OPENAI_BASE_URL)
    problem('CHAT_OPENAI_API_KEY', 'has no effect without CHAT_OPENAI_BASE_URL; set both or neither');
  if (c.GOOGLE_GENERATIVE_AI_BASE_URL && !c.GOOGLE_GENERATIVE_AI_API_KEY)
    problem('GOOGLE_GENERATIVE_AI_BASE_URL', 'has no effect without GOOGLE_GENERATIVE_AI_API_KEY; set both or neither');
  // A key sent in plain http can be read on the way: providers that get one must be https unless on loopback.
  if (c.GOOGLE_GENERATIVE_AI_BASE_URL && !httpsOrLoopback(c.GOOGLE_GENERATIVE_AI_BASE_URL)) {
    problem(
      'GOOGLE_GENERATIVE_AI_BASE_URL',
      'must be an https URL (plain http only on loopback): the API key travels with every request',
    );
  }
  if (c.CHAT_OPENAI_BASE_URL && c.CHAT_OPENAI_API_KEY && !httpsOrLoopback(c.CHAT_OPENAI_BASE_URL)) {
    problem(
      'CHAT_OPENAI_BASE_URL',
      'must be an https URL (plain http only on loopback) when CHAT_OPENAI_API_KEY is set: the key travels with every request',
    );
  }
  if (c.TURNSTILE_SECRET_KEY && !httpsOrLoopback(c.TURNSTILE_VERIFY_URL)) {
    problem(
      'TURNSTILE_VERIFY_URL',
      'must be an https URL (plain http only on loopback): the Turnstile secret key travels with every check',
    );
  }
}

function httpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || isLoopback(url.hostname);
}

/** A sign-in provider is all or nothing, and needs a session secret and the staff domains. */
function checkStaffSignInConfig(c: z.output<typeof fields>, ctx: z.RefinementCtx) {
  const groups = {
    'Microsoft Entra ID': [
      'AUTH_MICROSOFT_ENTRA_ID_ID',
      'AUTH_MICROSOFT_ENTRA_ID_SECRET',
      'AUTH_MICROSOFT_ENTRA_ID_ISSUER',
    ],
    'OpenID Connect': ['AUTH_OIDC_ISSUER', 'AUTH_OIDC_ID', 'AUTH_OIDC_SECRET'],
  } as const;
  let anyProvider = false;
  for (const [provider, names] of Object.entries(groups)) {
    const missing = names.filter((n) => c[n] === undefined);
    if (missing.length === names.length) continue;
    anyProvider = true;
    for (const n of missing)
      ctx.addIssue({
        code: 'custom',
        path: [n],
        message: `required with the other ${provider} settings (${names.join(', ')})`,
      });
  }
  if (c.AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE !== undefined && c.AUTH_MICROSOFT_ENTRA_ID_ID === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_MICROSOFT_ENTRA_ID_REQUIRED_ROLE'],
      message: 'has no effect without Microsoft Entra ID (AUTH_MICROSOFT_ENTRA_ID_ID); set both or neither',
    });
  }
  if (!anyProvider) return;
  if (c.AUTH_SECRET === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SECRET'],
      message: 'required when a staff sign-in provider is configured; generate one with `openssl rand -base64 33`',
    });
  }
  if (!c.STAFF_EMAIL_DOMAINS?.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['STAFF_EMAIL_DOMAINS'],
      message:
        'required when a staff sign-in provider is configured: without it anyone the provider knows would be staff',
    });
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export const configSchema = fields.superRefine((c, ctx) => {
  checkFormsConfig(c, ctx);
  checkChatConfig(c, ctx);
  checkStaffSignInConfig(c, ctx);
  checkMailConfig(c, ctx);
});

export type Config = Readonly<z.output<typeof configSchema>>;

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
    throw new ConfigError(
      result.error.issues.map((i) => {
        const name = String(i.path[0]);
        // Secrets stay out of the message: it ends up in terminals and logs. The store URLs may carry a password.
        const hidden =
          /KEY|SECRET|TOKEN|PASSWORD/.test(name) ||
          name === 'DATABASE_URL' ||
          name === 'REDIS_URL' ||
          name === 'SMTP_URL';
        const got = hidden ? 'value hidden' : `got ${JSON.stringify(env[name])}`;
        return `${name}: ${i.message} (${got})`;
      }),
    );
  }
  return Object.freeze(result.data);
}

let current: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}
